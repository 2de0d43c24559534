"""Irregularities whose penalty the code fixes: the facts are just what happened.

F.I.Bur. Codice di Gara, April 2024 edition: Arts. 2, 4, 5, 7, 8, 9, 11,
19, 21, 22, 23, 27, 28, 29, 30, 32, 36, 37 and the Norme comportamentali.
Rows whose outcome depends on the cards or on the moment have their own
facts in the sibling modules. Rows marked standard follow the shared timing
of the procedure (``with_standard_timing``): the right lapses once the next
opponent has drawn or picked up, and a partner who points it out before the
offender's discard adds Art. 21's penalty.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.burraco.articles import CONDUCT, art
from rules.burraco.card import JOKER
from rules.burraco.penalties.penalty import (
    Caller,
    Freeze,
    FreezeKind,
    Instruction,
    Noticed,
    Penalty,
    WarningTo,
    with_standard_timing,
)

__all__ = ["Infraction", "Irregularity", "rule_fixed"]


class Infraction(StrEnum):
    """An irregularity whose penalty the code fixes, by concept."""

    # Conduct at the table: Arts. 11, 21, 22, 30, 37; Norme comportamentali.
    PARTNER_COMMENT = "partner_comment"
    PARTNER_MOVES_CARDS = "partner_moves_cards"
    PARTNER_CALLS_EARLY = "partner_calls_early"
    FIRST_BURRACO_POINTED_OUT = "first_burraco_pointed_out"
    HINT = "hint"
    JOKER_PLACEMENT_HINT = "joker_placement_hint"
    TURN_REMINDER = "turn_reminder"
    POZZO_AL_VOLO_REMINDER = "pozzo_al_volo_reminder"
    QUESTION_TO_PARTNER = "question_to_partner"
    REORDER_IN_PARTNERS_GO = "reorder_in_partners_go"
    DRAW_REMINDER = "draw_reminder"
    SLOW_PLAY = "slow_play"
    SLOW_PLAY_AFTER_INVITATION = "slow_play_after_invitation"
    CONDUCT_BREACH = "conduct_breach"
    # Seating, shuffle, deal and deck: Arts. 2, 4, 5, 7, 19.
    WRONG_TABLE = "wrong_table"
    SHUFFLE_BY_OTHER = "shuffle_by_other"
    MISDEAL = "misdeal"
    CARD_SEEN_BEFORE_PLAY = "card_seen_before_play"
    CARDS_NOT_COUNTED_FACE_DOWN = "cards_not_counted_face_down"
    STOCK_TURNED = "stock_turned"
    POZZI_NOT_UNDER_SHEET = "pozzi_not_under_sheet"
    CARDS_NOT_IN_FAN = "cards_not_in_fan"
    DEALER_SKIPPED = "dealer_skipped"
    DECK_IRREGULAR_BEFORE_PLAY = "deck_irregular_before_play"
    DECK_IRREGULAR_DURING_HAND = "deck_irregular_during_hand"
    DECK_IRREGULAR_AFTER_RESULT = "deck_irregular_after_result"
    ANOMALY_AFTER_FIRST_DRAW = "anomaly_after_first_draw"
    OVERLAPPING_MELD = "overlapping_meld"
    SHEET_NOT_DELIVERED = "sheet_not_delivered"
    # Stock and discard pile: Arts. 8, 9.
    TWO_CARDS_DRAWN = "two_cards_drawn"
    CARD_FACE_UP_IN_STOCK = "card_face_up_in_stock"
    STOCK_LIFTED = "stock_lifted"
    STOCK_INSPECTED_OUT_OF_TURN = "stock_inspected_out_of_turn"
    PILE_LIFTED = "pile_lifted"
    PILE_MELD_WITHOUT_PICKING_UP = "pile_meld_without_picking_up"
    OWN_CARDS_ON_PILE = "own_cards_on_pile"
    MELD_COMPLETED_BEFORE_COVERING = "meld_completed_before_covering"
    # Pozzi: Art. 23.
    POZZO_NOT_HANDED_OVER = "pozzo_not_handed_over"
    FIRST_POZZO_MISCOUNTED = "first_pozzo_miscounted"
    FIRST_POZZO_MISCOUNTED_SEEN = "first_pozzo_miscounted_seen"
    SECOND_POZZO_MISCOUNTED = "second_pozzo_miscounted"
    POZZO_EXPOSED_IN_HANDOVER = "pozzo_exposed_in_handover"
    POZZI_DROPPED = "pozzi_dropped"
    OLD_POZZO_LEFT = "old_pozzo_left"
    POZZO_DRAW_REMINDER = "pozzo_draw_reminder"
    # Plays: Arts. 27, 28, 29, 32, 36.
    PLAYED_AFTER_DISCARD = "played_after_discard"
    PLAYED_BEFORE_PENALIZED_DISCARD = "played_before_penalized_discard"
    FROZEN_LAST_PLAY_CANNOT_CLOSE = "frozen_last_play_cannot_close"
    THROWN_OPENING = "thrown_opening"
    PASSED_OPENING = "passed_opening"
    THROWN_LAST_PLAY_BEFORE_CLOSING = "thrown_last_play_before_closing"
    PASSED_LAST_PLAY_BEFORE_CLOSING = "passed_last_play_before_closing"
    PARTNER_ASKS_WHERE = "partner_asks_where"
    UNDECLARED_ATTACHMENT_APART = "undeclared_attachment_apart"
    PLAY_OUT_OF_TURN = "play_out_of_turn"
    CARDS_MIXED_REBUILT = "cards_mixed_rebuilt"
    CARDS_MIXED_NOT_REBUILT = "cards_mixed_not_rebuilt"


@dataclass(frozen=True, slots=True)
class Irregularity:
    """The director's record of a fixed-penalty irregularity."""

    kind: Infraction
    noticed: Noticed = Noticed.DURING_GO
    called_by: Caller = Caller.OPPONENT


_W = WarningTo.OFFENDING_SIDE
_TF = FreezeKind.TEMPORARY
_HINT_LAW = (art(22),)


_STANDARD: dict[Infraction, Penalty] = {
    Infraction.PARTNER_COMMENT: Penalty(
        law=art(21),
        summary="comment on the partner's plays: play stops, no fixing",
        warning=_W,
        interrupt=True,
        can_fix=False,
    ),
    Infraction.PARTNER_MOVES_CARDS: Penalty(
        law=art(21),
        summary="cards moved in the partner's go: play stops, no fixing",
        warning=_W,
        interrupt=True,
        can_fix=False,
    ),
    Infraction.PARTNER_CALLS_EARLY: Penalty(
        law=art(21),
        summary="director called before the partner's discard: play stops, no fixing",
        warning=_W,
        interrupt=True,
        can_fix=False,
    ),
    Infraction.FIRST_BURRACO_POINTED_OUT: Penalty(
        law=art(21),
        summary="first burraco pointed out by the partner: play continues normally",
        warning=_W,
    ),
    Infraction.HINT: Penalty(
        law=art(22),
        summary="hint: play stops; the hinted player does the opposite",
        warning=_W,
        interrupt=True,
        now=Instruction.DO_THE_OPPOSITE,
    ),
    Infraction.JOKER_PLACEMENT_HINT: Penalty(
        law=art(22),
        summary="hinted jolly already played: exposed, not playable on that meld",
        warning=_W,
        interrupt=True,
        exposed=(JOKER,),
    ),
    Infraction.TURN_REMINDER: Penalty(
        law=art(22),
        summary="partner reminded of the go: draw or pick up and discard, no play",
        warning=_W,
        now=Instruction.DRAW_OR_PICK_UP_AND_DISCARD,
    ),
    Infraction.POZZO_AL_VOLO_REMINDER: Penalty(
        law=art(22),
        summary="reminded to play after the pozzo al volo: discard, no play",
        warning=_W,
        now=Instruction.DISCARD,
    ),
    Infraction.QUESTION_TO_PARTNER: Penalty(
        law=art(22),
        summary="question to the partner about the play: play stops",
        warning=_W,
        interrupt=True,
    ),
    Infraction.REORDER_IN_PARTNERS_GO: Penalty(
        law=art(11),
        summary="sequence reordered in the partner's go: a hint; the partner discards",
        also=_HINT_LAW,
        warning=_W,
        now=Instruction.DISCARD,
    ),
    Infraction.DRAW_REMINDER: Penalty(
        law=art(30),
        summary="partner reminded to draw: draw or pick up and discard only",
        also=_HINT_LAW,
        warning=_W,
        now=Instruction.DRAW_OR_PICK_UP_AND_DISCARD,
    ),
    Infraction.POZZO_DRAW_REMINDER: Penalty(
        law=art(23),
        summary="partner about to play the pozzo reminded to draw: Art. 30 applies",
        also=(art(30), art(22)),
        warning=_W,
        now=Instruction.DRAW_OR_PICK_UP_AND_DISCARD,
    ),
    # Art. 8 calls it an illicit hint; Art. 22 warns every hint.
    Infraction.STOCK_INSPECTED_OUT_OF_TURN: Penalty(
        law=art(8),
        summary="stock inspected out of turn: the opponent on turn decides the draw",
        also=_HINT_LAW,
        warning=_W,
        now=Instruction.OPPONENT_CHOOSES,
    ),
    Infraction.PLAYED_AFTER_DISCARD: Penalty(
        law=art(27),
        summary="meld opened or cards attached after the discard: frozen",
        freeze=Freeze(_TF, "the melds opened or attached to"),
    ),
    Infraction.PLAYED_BEFORE_PENALIZED_DISCARD: Penalty(
        law=art(27),
        summary="played before discarding a penalized card: frozen",
        freeze=Freeze(_TF, "the melds opened or attached to"),
    ),
    Infraction.THROWN_OPENING: Penalty(
        law=art(28),
        summary="meld opened by throwing: valid; play stops",
        warning=_W,
        interrupt=True,
    ),
    Infraction.PASSED_OPENING: Penalty(
        law=art(28),
        summary="meld opened by passing the cards to the partner: valid; play stops",
        warning=_W,
        interrupt=True,
    ),
    Infraction.THROWN_LAST_PLAY_BEFORE_CLOSING: Penalty(
        law=art(28),
        summary="last play before closing thrown: the closing is valid",
        warning=_W,
        closing_valid=True,
    ),
    Infraction.PASSED_LAST_PLAY_BEFORE_CLOSING: Penalty(
        law=art(28),
        summary="last play before closing passed to the partner: the closing is valid",
        warning=_W,
        closing_valid=True,
    ),
    Infraction.PARTNER_ASKS_WHERE: Penalty(
        law=art(28),
        summary="partner asked where to put passed cards: play stops",
        warning=_W,
        interrupt=True,
    ),
    Infraction.UNDECLARED_ATTACHMENT_APART: Penalty(
        law=art(29),
        summary="cards put down to attach, undeclared, not touching: valid, frozen",
        freeze=Freeze(_TF, "the meld concerned"),
    ),
    Infraction.PLAY_OUT_OF_TURN: Penalty(
        law=art(32),
        summary="played out of turn: frozen; at the go, draw or pick up and discard",
        freeze=Freeze(FreezeKind.UNTIL_AFTER_PENALTY_GO, "the melds concerned"),
        next_go=Instruction.DRAW_OR_PICK_UP_AND_DISCARD,
    ),
    Infraction.STOCK_LIFTED: Penalty(
        law=art(8), summary="stock card lifted: it must be drawn", now=Instruction.DRAW
    ),
    Infraction.PILE_LIFTED: Penalty(
        law=art(9),
        summary="a discard-pile card lifted: the pile must be picked up",
        now=Instruction.PICK_UP,
    ),
    Infraction.PILE_MELD_WITHOUT_PICKING_UP: Penalty(
        law=art(9),
        summary="meld laid with the pile pulled close: draw or pick up and discard",
        also=(art(30),),
        freeze=Freeze(_TF, "the meld laid"),
        now=Instruction.DRAW_OR_PICK_UP_AND_DISCARD,
    ),
    Infraction.OWN_CARDS_ON_PILE: Penalty(
        law=art(9),
        summary="own cards laid on the pile: frozen; pick up the rest and discard",
        freeze=Freeze(_TF, "the meld laid"),
        now=Instruction.DISCARD,
    ),
    Infraction.MELD_COMPLETED_BEFORE_COVERING: Penalty(
        law=art(9),
        summary="meld from the pile completed before covering the rest",
        warning=_W,
    ),
}

_OTHER: dict[Infraction, Penalty] = {
    Infraction.SLOW_PLAY: Penalty(
        law=art(37), summary="the director asks the players to speed up"
    ),
    Infraction.SLOW_PLAY_AFTER_INVITATION: Penalty(
        law=art(37),
        summary="play still delayed after the director's invitation",
        warning=_W,
    ),
    Infraction.CONDUCT_BREACH: Penalty(
        law=CONDUCT, summary="breach of the conduct rules", warning=_W
    ),
    Infraction.WRONG_TABLE: Penalty(
        law=art(2),
        summary="pair at the wrong table: the score stands, entered by hand; back "
        "to its position next turn",
        warning=_W,
    ),
    Infraction.SHUFFLE_BY_OTHER: Penalty(
        law=art(4), summary="cards shuffled by another player", warning=_W
    ),
    Infraction.MISDEAL: Penalty(
        law=art(4), summary="cards not dealt one at a time clockwise", new_deal=True
    ),
    Infraction.CARD_SEEN_BEFORE_PLAY: Penalty(
        law=art(4),
        summary="card seen before play: new shuffle, cut, deal and pozzi",
        new_deal=True,
    ),
    Infraction.CARDS_NOT_COUNTED_FACE_DOWN: Penalty(
        law=art(7),
        summary="cards not counted face down before play",
        also=(art(4),),
        new_deal=True,
    ),
    Infraction.STOCK_TURNED: Penalty(
        law=art(4), summary="stock orientation changed in the hand", warning=_W
    ),
    Infraction.POZZI_NOT_UNDER_SHEET: Penalty(
        law=art(4),
        summary="pozzi not placed under the score sheet",
        warning=WarningTo.ALL_PLAYERS,
    ),
    Infraction.CARDS_NOT_IN_FAN: Penalty(
        law=art(4), summary="cards not held in a fan", warning=_W
    ),
    Infraction.DEALER_SKIPPED: Penalty(
        law=art(4), summary="the skipped dealer deals when it is noticed"
    ),
    Infraction.DECK_IRREGULAR_BEFORE_PLAY: Penalty(
        law=art(5), summary="irregular deck: replace it"
    ),
    Infraction.DECK_IRREGULAR_DURING_HAND: Penalty(
        law=art(5),
        summary="irregular deck: finish the hand, the result stands; then replace it",
    ),
    Infraction.DECK_IRREGULAR_AFTER_RESULT: Penalty(
        law=art(5),
        summary="irregular deck: the result stands; replace it",
    ),
    Infraction.ANOMALY_AFTER_FIRST_DRAW: Penalty(
        law=art(7),
        summary="the first draw or pick-up cured the anomaly: the result stands",
    ),
    Infraction.OVERLAPPING_MELD: Penalty(
        law=art(7), summary="a new meld overlapping another is valid"
    ),
    Infraction.SHEET_NOT_DELIVERED: Penalty(
        law=art(19),
        summary="score sheet left on the table by the pair due to deliver it",
        warning=_W,
    ),
    Infraction.TWO_CARDS_DRAWN: Penalty(
        law=art(8),
        summary="two cards drawn: the second goes back on the stock and the director "
        "shows it to the next opponent, who may take it or pick up",
    ),
    Infraction.CARD_FACE_UP_IN_STOCK: Penalty(
        law=art(8),
        summary="face-up card in the stock: turned back in place; play continues",
    ),
    Infraction.POZZO_NOT_HANDED_OVER: Penalty(
        law=art(23),
        summary="pozzo not counted and handed over by an opponent",
        warning=WarningTo.BOTH_SIDES,
    ),
    Infraction.FIRST_POZZO_MISCOUNTED: Penalty(
        law=art(23),
        summary="first pozzo miscounted: cards taken from or returned to the "
        "bottom of the stock",
    ),
    Infraction.FIRST_POZZO_MISCOUNTED_SEEN: Penalty(
        law=art(23),
        summary="first pozzo miscounted, a card already seen: play continues",
    ),
    Infraction.SECOND_POZZO_MISCOUNTED: Penalty(
        law=art(23),
        summary="second pozzo miscounted: it is not restored",
    ),
    Infraction.POZZO_EXPOSED_IN_HANDOVER: Penalty(
        law=art(23),
        summary="pozzo cards exposed in the handover: no penalty",
    ),
    Infraction.POZZI_DROPPED: Penalty(
        law=art(23), summary="pozzi dropped: gathered and reshuffled"
    ),
    Infraction.OLD_POZZO_LEFT: Penalty(
        law=art(23),
        summary="previous hand's pozzo left on the table: the hand is valid; an "
        "extra pozzo stays unused",
        also=(art(4),),
    ),
    Infraction.FROZEN_LAST_PLAY_CANNOT_CLOSE: Penalty(
        law=art(27),
        summary="frozen last play and a pinella drawn: frozen one more round",
        freeze=Freeze(_TF, "the last play, for one more round"),
    ),
    Infraction.CARDS_MIXED_REBUILT: Penalty(
        law=art(36), summary="cards mixed: the director rebuilt the melds"
    ),
    Infraction.CARDS_MIXED_NOT_REBUILT: Penalty(
        law=art(36),
        summary="cards mixed beyond rebuilding: arbitral score for the offending pair",
        arbitral_score=True,
    ),
}


def rule_fixed(facts: Irregularity) -> Penalty:
    """Return the penalty the code fixes for this irregularity."""
    if facts.kind in _STANDARD:
        return with_standard_timing(
            _STANDARD[facts.kind], noticed=facts.noticed, called_by=facts.called_by
        )
    return _OTHER[facts.kind]
