"""Registry API: clubs, players, pairs and their convention cards, teams.

Federation staff register; a player sees their own record, pairs and teams;
a team's captain (or non-playing captain) and the tournament's directors
declare line-ups. Commands answer 201 with the stream version and positions;
queries read the projection and honour ``?min_position=`` by waiting
(bounded) for it, answering 503 if it does not arrive in time.
"""
