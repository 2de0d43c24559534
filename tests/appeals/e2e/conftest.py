"""Appeal end-to-end tests (the appeals app is installed in config.settings)."""
