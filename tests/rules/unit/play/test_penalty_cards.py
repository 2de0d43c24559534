"""Exposed cards and penalty cards (Laws 48-52)."""

import pytest

from rules.bridge import Seat
from rules.bridge.errors import AlreadyPenaltyCard
from rules.bridge.penalty_cards import PenaltyCardKind
from rules.bridge.play.exposed_cards import expose_card
from rules.bridge.play.rectification import choose_rectification
from rules.bridge.play_rectification import PlayOption, PlayOptionCode
from rules.bridge.play_state import PlayState, legal_cards
from rules.bridge.revoke import RevokeKind
from rules.errors import LawRef
from tests.support.play import card, cards, play, played, started

H = card("H2").suit
C = card("C2").suit


def exposed(
    state: PlayState, seat: Seat, text: str, *, deliberate: bool = False
) -> PlayState:
    return expose_card(state, seat, card(text), deliberate=deliberate).state


def kinds(state: PlayState) -> dict[str, PenaltyCardKind]:
    return {str(pc.card): pc.kind for pc in state.penalty_cards}


def test_a_single_low_card_exposed_inadvertently_is_a_minor_penalty_card() -> None:
    """Law 50B: below honour rank and inadvertent."""
    assert kinds(exposed(started(), Seat.E, "C5")) == {"C5": PenaltyCardKind.MINOR}


@pytest.mark.parametrize(
    ("text", "deliberate"), [("HQ", False), ("C5", True), ("ST", False)]
)
def test_an_honour_or_a_deliberately_exposed_card_is_major(
    text: str, deliberate: bool
) -> None:
    """Law 50B: any honour (ten or above), or a card exposed through deliberate play."""
    state = exposed(started(), Seat.E, text, deliberate=deliberate)
    assert kinds(state) == {text: PenaltyCardKind.MAJOR}


def test_two_penalty_cards_are_both_major() -> None:
    """Law 50B: a defender with two or more penalty cards has only major ones."""
    state = exposed(exposed(started(), Seat.E, "C5"), Seat.E, "D3")
    assert kinds(state) == {"C5": PenaltyCardKind.MAJOR, "D3": PenaltyCardKind.MAJOR}


def test_declarers_exposed_card_is_never_a_penalty_card() -> None:
    """Law 48A: no rectification for declarer exposing a card."""
    outcome = expose_card(started(), Seat.S, card("S2"), deliberate=True)
    assert outcome.irregularity == LawRef("48A")
    assert outcome.state.penalty_cards == ()


def test_a_card_is_a_penalty_card_only_once() -> None:
    """The card already lies face up (Law 50A)."""
    with pytest.raises(AlreadyPenaltyCard):
        expose_card(
            exposed(started(), Seat.E, "HQ"), Seat.E, card("HQ"), deliberate=False
        )


def test_a_minor_penalty_card_bars_other_low_cards_of_its_suit() -> None:
    """Law 50C: no other card below honour rank in that suit until it is played."""
    state = played(exposed(started(), Seat.E, "C5"), "W:CA N:C2")
    assert legal_cards(state, Seat.E) == cards(["C5"])


def test_a_minor_penalty_card_gives_partner_no_lead_restriction() -> None:
    """Law 50C: the owner's partner leads freely."""
    state = exposed(started(), Seat.E, "C5")
    assert state.pending is None


def test_a_major_penalty_card_must_be_played_at_the_first_legal_opportunity() -> None:
    """Law 50D1: following suit comes first, then the penalty card must be played."""
    state = choose_rectification(
        exposed(started(), Seat.E, "HQ"),
        Seat.S,
        PlayOption(PlayOptionCode.NO_LEAD_RESTRICTION),
    )
    clubs = played(state, "W:CA N:C2")
    assert legal_cards(clubs, Seat.E) == cards(["C5", "C6", "C7"])
    hearts = played(state, "W:H6 N:H8")
    assert legal_cards(hearts, Seat.E) == cards(["HQ"])


def test_partner_of_a_major_penalty_card_owner_waits_for_declarers_lead_options() -> (
    None
):
    """Law 50D2: require or prohibit the penalty card's suit, or neither."""
    state = exposed(started(), Seat.E, "HQ")
    pending = state.pending
    assert pending.law == LawRef("50D2")
    assert pending.choosers == (Seat.S,)
    assert pending.options == (
        PlayOption(PlayOptionCode.REQUIRE_LEAD_SUIT, (H,)),
        PlayOption(PlayOptionCode.PROHIBIT_LEAD_SUITS, (H,)),
        PlayOption(PlayOptionCode.NO_LEAD_RESTRICTION),
    )


def test_a_required_lead_picks_up_the_penalty_card() -> None:
    """Law 50D2(a): the card is picked up and partner must lead its suit."""
    state = exposed(started(), Seat.E, "HQ")
    state = choose_rectification(
        state, Seat.S, PlayOption(PlayOptionCode.REQUIRE_LEAD_SUIT, (H,))
    )
    assert state.penalty_cards == ()
    assert {c.suit for c in legal_cards(state, Seat.W)} == {H}


def test_a_prohibition_lasts_while_partner_keeps_the_lead() -> None:
    """Law 50D2(a): no lead of that suit for as long as he keeps the lead."""
    state = exposed(started(), Seat.E, "HQ")
    state = choose_rectification(
        state, Seat.S, PlayOption(PlayOptionCode.PROHIBIT_LEAD_SUITS, (H,))
    )
    assert H not in {c.suit for c in legal_cards(state, Seat.W)}
    state = played(state, "W:CA N:C2 E:C5 S:C9")
    assert H not in {c.suit for c in legal_cards(state, Seat.W)}
    outcome = play(state, "W:H6")
    assert outcome.irregularity == LawRef("61A")
    assert outcome.state.revokes[0].kind is RevokeKind.REQUIREMENT


def test_neither_option_leaves_the_penalty_card_and_the_options_return() -> None:
    """Law 50D2(b) and footnote: the card stays; the options apply again next lead."""
    state = exposed(started(), Seat.E, "HQ")
    state = choose_rectification(
        state, Seat.S, PlayOption(PlayOptionCode.NO_LEAD_RESTRICTION)
    )
    assert state.penalty_cards[0].card == card("HQ")
    state = played(state, "W:CA N:C2 E:C5 S:C9")
    assert state.pending is not None
    assert state.pending.law == LawRef("50D2")


def test_two_penalty_cards_in_two_suits_give_the_options_of_law_51b() -> None:
    """Law 51B2: require one suit, prohibit one or more, or neither."""
    state = exposed(exposed(started(), Seat.E, "HQ"), Seat.E, "C5")
    pending = state.pending
    assert pending.law == LawRef("51B")
    codes = [str(option) for option in pending.options]
    assert codes == [
        "require_lead_suit:C",
        "require_lead_suit:H",
        "prohibit_lead_suits:C",
        "prohibit_lead_suits:H",
        "prohibit_lead_suits:CH",
        "no_lead_restriction",
    ]
    prohibited = choose_rectification(state, Seat.S, pending.options[4])
    assert prohibited.penalty_cards == ()


def test_declarer_designates_among_two_playable_penalty_cards() -> None:
    """Law 51A: with two penalty cards he can legally play, declarer names one."""
    state = exposed(exposed(started(), Seat.E, "HA"), Seat.E, "HK")
    state = choose_rectification(
        state, Seat.S, PlayOption(PlayOptionCode.NO_LEAD_RESTRICTION)
    )
    state = played(state, "W:H6 N:H8")
    pending = state.pending
    assert pending.law == LawRef("51A")
    state = choose_rectification(
        state,
        Seat.S,
        PlayOption(PlayOptionCode.DESIGNATE_PENALTY_CARD, card=card("HK")),
    )
    assert legal_cards(state, Seat.E) == cards(["HK"])


def test_failing_to_play_a_penalty_card_gives_declarer_the_options_of_law_52() -> None:
    """Law 52B: declarer accepts the card played, or the penalty card replaces it."""
    state = choose_rectification(
        exposed(started(), Seat.E, "HQ"),
        Seat.S,
        PlayOption(PlayOptionCode.NO_LEAD_RESTRICTION),
    )
    state = played(state, "W:H6 N:H8")
    outcome = play(state, "E:HA")
    assert outcome.irregularity == LawRef("52")
    assert outcome.state.revokes[0].kind is RevokeKind.PENALTY_CARD
    replaced = choose_rectification(
        outcome.state, Seat.S, PlayOption(PlayOptionCode.REQUIRE_PENALTY_CARD)
    )
    assert replaced.current.card_of(Seat.E) == card("HQ")
    assert kinds(replaced) == {"HA": PenaltyCardKind.MAJOR}
    assert replaced.revokes[0].corrected is True
    accepted = choose_rectification(
        outcome.state, Seat.S, PlayOption(PlayOptionCode.ACCEPT_PLAY)
    )
    assert kinds(accepted) == {"HQ": PenaltyCardKind.MAJOR}


def test_declarers_next_play_accepts_the_card_played_instead() -> None:
    """Law 52B1(b): declarer must accept once he has played from either hand."""
    state = choose_rectification(
        exposed(started(), Seat.E, "HQ"),
        Seat.S,
        PlayOption(PlayOptionCode.NO_LEAD_RESTRICTION),
    )
    state = play(played(state, "W:H6 N:H8"), "E:HA").state
    outcome = play(state, "S:H7")
    assert outcome.irregularity is None
    assert outcome.state.completed[0].winner is Seat.E


def test_leading_before_declarer_chooses_makes_another_penalty_card() -> None:
    """Law 50D2: partner may not lead first; if he does, Law 49 applies."""
    state = exposed(started(), Seat.E, "HQ")
    outcome = play(state, "W:CA")
    assert outcome.irregularity == LawRef("50D2")
    # Declarer still chooses for East's exposed card (Law 50D2).
    pending = outcome.state.pending
    assert (pending.law, pending.offender, pending.choosers) == (
        LawRef("50D2"),
        Seat.E,
        (Seat.S,),
    )
    assert card("CA") in {pc.card for pc in outcome.state.penalty_cards_of(Seat.W)}
