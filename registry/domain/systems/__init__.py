"""FIGB Appendix 1: permitted systems, checked on a declared convention card.

Norme integrative FIGB (2004), Appendice 1 "Regolamentazione dei Sistemi
Permessi": definitions (§2.1), highly unusual methods (HUM, §2.2), colour
classification (§2.3), Brown Sticker conventions (§2.4), encrypted signals
(§2.5), random openings (§2.6), the event categories (§3), documentation and
the convention card (§4-§5); the pre-alerts of the norm on the Definitions
(N-Def). Laws of Duplicate Bridge 2017 (FIGB edition), Law 40B2(a): the
regulating authority regulates special partnership understandings.

The card is structured data. Each method is a call and what it may show,
alternative by alternative (a ``Meaning`` each); the HUM and Brown Sticker
predicates are computed from those agreements and joined with what the pair
declares. The colour is the pair's declaration: the check suggests one and
warns on a mismatch, never reclassifies (digest §5.3, rule V8). Thresholds
the text leaves open are decision 0036.

Modules: ``card`` (the card and the event as data), ``wellformed`` (can the
card be read), ``predicates`` (HUM and Brown Sticker from the agreements),
``check`` (the colour and the check) and ``findings`` (what it finds).
"""
