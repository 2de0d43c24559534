"""Where each Law is implemented, and whether it is mechanical: the digest's
§10 tables as test data (decision 0222). No product code reads the map; the
tests hold it to the digest (every row mapped, every location importable)
and to the Laws (every key a Law that exists).

Laws of Duplicate Bridge 2017 (FIGB edition); classes per the digest §10:
"mechanical" (the software detects and computes it), "option" (detected
mechanically, a player or the Director chooses among the Law's options),
"judgement" (the Director rules; the software records it and raises review
flags). ``location`` is a dotted path to the code, or None where the engine
only records the Director's ruling (e.g. misinformation, Law 21B).

The auction section (digest §10.1) belongs to the auction engine; the play
and claims engine adds ``PLAY_LAWS`` (§10.2) and ``CLAIM_LAWS`` (§10.3) in
its own section below.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["AUCTION_LAWS", "LawEntry", "LawKind"]


class LawKind(StrEnum):
    """How a Law is applied (digest §10 legend)."""

    MECHANICAL = "mechanical"
    OPTION = "option"
    JUDGEMENT = "judgement"


@dataclass(frozen=True, slots=True)
class LawEntry:
    """One row: the kind of the Law and the code that implements it."""

    kind: LawKind
    location: str | None
    summary: str


_M = LawKind.MECHANICAL
_O = LawKind.OPTION
_J = LawKind.JUDGEMENT
_A = "rules.bridge.auction"
_P = "rules.bridge.auction_procedure"
_IB = "rules.bridge.insufficient_bid"
_OOR = "rules.bridge.out_of_rotation"
_IN = "rules.bridge.inadmissible"
_CC = "rules.bridge.change_of_call"

# ---------------------------------------------------------------------------
# Auction (digest §10.1): auction engine
# ---------------------------------------------------------------------------

AUCTION_LAWS: dict[str, LawEntry] = {
    "2": LawEntry(
        _M, "rules.bridge.vulnerability.dealer_for", "Dealer and vulnerability"
    ),
    "15A": LawEntry(
        _M,
        "rules.bridge.auction_procedure.classify_call",
        "Call with cards from the wrong board (15A1); the Director rules "
        "15A2 and 15A3 and records an adjusted score (Law 15, board results)",
    ),
    "17B": LawEntry(_M, f"{_A}.Auction.turn", "The dealer calls first"),
    "17C": LawEntry(_M, f"{_A}.Auction.turn", "Then clockwise"),
    "17D3": LawEntry(_M, f"{_A}.append_call", "Retention of the right to call"),
    "18": LawEntry(
        _M, f"{_A}.Auction.is_sufficient", "Sufficiency; accepted IB counts"
    ),
    "19A1": LawEntry(_M, f"{_A}.Auction.may_double", "Double legality"),
    "19B1": LawEntry(_M, f"{_A}.Auction.may_redouble", "Redouble legality"),
    "19A3": LawEntry(
        _M,
        "rules.bridge.call.Double",
        "A double names no bid: deemed a double of the bid as made; UI is judgement",
    ),
    "19B3": LawEntry(_M, "rules.bridge.call.Redouble", "As 19A3 for a redouble"),
    "20B": LawEntry(_M, "rules.bridge.alerts.may_request_review", "Review at own turn"),
    "20F": LawEntry(
        _J,
        "rules.bridge.alerts.Explanation",
        "Explanations recorded; correctness judged",
    ),
    "21B": LawEntry(_J, None, "Change of call after misinformation: Director's ruling"),
    "22": LawEntry(_M, f"{_A}.Auction.status", "End of auction; passed out"),
    "23A": LawEntry(
        _J, f"{_OOR}.comparability_ruling", "Comparable call: Director rules"
    ),
    "23C": LawEntry(
        _J, "rules.bridge.restrictions.ReviewFlag", "Review after comparable call"
    ),
    "24": LawEntry(
        _M,
        "rules.bridge.exposed_card.classify_exposed_cards",
        "Card exposed in the auction (fault and visibility are the Director's facts)",
    ),
    "24E": LawEntry(_M, f"{_A}.Auction.penalty_cards", "Exposed cards of a defender"),
    "25A": LawEntry(
        _J, f"{_CC}.classify_change_of_call", "Unintended call (timing mechanical)"
    ),
    "25B": LawEntry(
        _O, f"{_CC}.intended_change_stage", "Voluntary change: LHO may accept"
    ),
    "26B": LawEntry(
        _O,
        "rules.bridge.restrictions.LeadRestriction",
        "Declarer may prohibit one suit",
    ),
    "27A1": LawEntry(_O, f"{_IB}.classify_insufficient_bid", "LHO may accept the IB"),
    "27B1(a)": LawEntry(
        _O, f"{_IB}.replacement_ruling", "Lowest sufficient bid, same denomination(s)"
    ),
    "27B1(b)": LawEntry(
        _J, f"{_IB}.apply_replacement_ruling", "Comparable replacement"
    ),
    "27B2": LawEntry(
        _M, f"{_IB}.apply_replacement_ruling", "Partner passes throughout"
    ),
    "27B3": LawEntry(_M, f"{_IB}.apply_replacement_ruling", "Attempted X/XX cancelled"),
    "27B4": LawEntry(
        _O, f"{_IB}.decline_insufficient_bid", "Second IB: LHO may accept"
    ),
    "27C": LawEntry(_M, f"{_P}.HeldCall", "Premature replacement"),
    "27D": LawEntry(
        _J, "rules.bridge.restrictions.ReviewFlag", "Damage review after 27B1"
    ),
    "28A": LawEntry(_M, f"{_P}.classify_call", "Call at a silenced RHO's turn"),
    "28B": LawEntry(
        _M,
        f"{_OOR}.void_call_out_of_rotation",
        "Player in turn calls first (B.4: ruling)",
    ),
    "29A": LawEntry(
        _O, f"{_OOR}.accept_call_out_of_rotation", "LHO may accept the COOT"
    ),
    "29B": LawEntry(_M, f"{_OOR}.cancel_call_out_of_rotation", "COOT cancelled"),
    "29C": LawEntry(_J, f"{_OOR}.cancel_call_out_of_rotation", "Artificial COOT"),
    "30A": LawEntry(_M, f"{_OOR}.cancel_call_out_of_rotation", "Pass at RHO's turn"),
    "30B": LawEntry(_J, f"{_OOR}.apply_comparability", "Pass at partner's/LHO's turn"),
    "30B2": LawEntry(_M, f"{_P}.classify_call", "Later pass at LHO's turn: Law 25"),
    "30C": LawEntry(
        _J, f"{_OOR}.cancel_call_out_of_rotation", "Artificial pass: Law 31"
    ),
    "31A1": LawEntry(_M, f"{_A}.required_repeat", "RHO passed: repeat the bid"),
    "31A2": LawEntry(
        _J, f"{_OOR}.apply_comparability", "RHO called: comparable or not"
    ),
    "31B": LawEntry(_J, f"{_OOR}.apply_comparability", "Bid at partner's/LHO's turn"),
    "31C": LawEntry(_M, f"{_P}.classify_call", "Later bid at LHO's turn: Law 25"),
    "32": LawEntry(_O, f"{_OOR}.classify_call_out_of_rotation", "X/XX out of rotation"),
    "32A1": LawEntry(_M, f"{_A}.required_repeat", "RHO passed: repeat the X/XX"),
    "32A2": LawEntry(
        _J, f"{_OOR}.apply_comparability", "RHO called: comparable or not"
    ),
    "32B": LawEntry(_J, f"{_OOR}.apply_comparability", "X/XX at partner's turn"),
    "32C": LawEntry(_M, f"{_P}.classify_call", "Later X/XX at LHO's turn: Law 25"),
    "33": LawEntry(_M, f"{_OOR}.order_simultaneous_calls", "Simultaneous calls"),
    "34": LawEntry(_M, f"{_A}.append_call", "Retention of the right to call"),
    "35": LawEntry(_M, f"{_P}.classify_call", "Inadmissible calls: classification"),
    "36": LawEntry(_M, f"{_IN}.rectify_inadmissible_double", "Inadmissible X/XX"),
    "36C": LawEntry(
        _M,
        f"{_IN}.contract_without_inadmissible_doubles",
        "Found after the opening lead",
    ),
    "37": LawEntry(
        _M, f"{_IN}.rectify_breach_of_obligation_to_pass", "Must-pass breached"
    ),
    "38": LawEntry(_M, f"{_IN}.rectify_bid_above_seven", "Bid above seven"),
    "39": LawEntry(
        _M, f"{_IN}.rectify_call_after_final_pass", "Call after the final pass"
    ),
    "41A": LawEntry(_M, f"{_A}.Auction.opening_leader", "Opening leader"),
    "72C": LawEntry(_J, "rules.bridge.restrictions.ReviewFlag", "Awareness of damage"),
    "16C": LawEntry(_J, f"{_A}.WithdrawnCall", "Information from withdrawn calls"),
    "Definitions/declarer": LawEntry(_M, f"{_A}.Auction.declarer", "Declarer"),
}

# ---------------------------------------------------------------------------
# Play and claims (digest §10.2, §10.3): play/claims engine adds PLAY_LAWS and
# CLAIM_LAWS below, using LawEntry and LawKind.
# ---------------------------------------------------------------------------

__all__ += ["CLAIM_LAWS", "PLAY_LAWS"]

_LP = "rules.bridge.play.leads_and_plays"
_EX = "rules.bridge.play.exposed_cards"
_RC = "rules.bridge.play.rectification"
_RP = "rules.bridge.play.revokes"
_DP = "rules.bridge.play.defective_tricks"
_PS = "rules.bridge.play_state"
_PC = "rules.bridge.penalty_cards"
_RV = "rules.bridge.revoke"
_CL = "rules.bridge.claims"
_RS = "rules.bridge.result"
_DT = "rules.bridge.defective_trick"
_BP = "tournaments.domain.board_play.aggregate"

PLAY_LAWS: dict[str, LawEntry] = {
    "41A": LawEntry(_M, f"{_LP}.start_play", "Opening lead by presumed declarer's LHO"),
    "41C": LawEntry(
        _M, f"{_PS}.PlayState.dummy_faced", "Dummy faced after the opening lead"
    ),
    "44": LawEntry(
        _M, f"{_PS}.legal_cards", "Rotation, following suit, trick winner, next leader"
    ),
    "44E": LawEntry(_M, "rules.bridge.trick.trick_winner", "Highest trump wins"),
    "44F": LawEntry(
        _M, "rules.bridge.trick.trick_winner", "Highest card of the suit led"
    ),
    "45A-C": LawEntry(
        _J, None, "When a card is played physically: the event records it"
    ),
    "45B": LawEntry(
        _M, f"{_LP}.play_card", "Dummy's cards are played from dummy's seat"
    ),
    "45C4(b)": LawEntry(_J, None, "Change of inadvertent designation: recorded ruling"),
    "45D": LawEntry(_J, None, "Dummy places an unnamed card: recorded ruling"),
    "45E1": LawEntry(_M, f"{_LP}.play_card", "Defender's fifth card: penalty card"),
    "45E2": LawEntry(_M, f"{_LP}.play_card", "Declarer's fifth card: back to the hand"),
    "45F": LawEntry(_J, f"{_BP}.decide", "Dummy indicates a card: Director's decision"),
    "46B": LawEntry(
        _M,
        "rules.bridge.dummy_designation.resolve_designation",
        "Incomplete designation deemed; incontrovertible intent is a ruling",
    ),
    "46B5": LawEntry(_O, f"{_BP}.decide", "Play anything: either defender chooses"),
    "47": LawEntry(
        _O, f"{_RC}.choose_rectification", "Withdrawal only as a Law directs"
    ),
    "48A": LawEntry(
        _M, f"{_EX}.expose_card", "Declarer's exposed cards carry no penalty"
    ),
    "48B2": LawEntry(_J, f"{_CL}.make_claim", "Declarer facing his cards: a claim"),
    "49": LawEntry(_O, f"{_EX}.expose_card", "Defender's exposed card: penalty card"),
    "50B": LawEntry(
        _M, f"{_PC}.add_penalty_card", "Major or minor; two or more all major"
    ),
    "50C": LawEntry(
        _M, f"{_PC}.apply_minor_obligation", "Minor penalty card obligation"
    ),
    "50D1": LawEntry(
        _M, f"{_PS}.legal_cards", "Major penalty card at first legal chance"
    ),
    "50D2": LawEntry(
        _O, f"{_RC}.choose_rectification", "Declarer's lead options [declarer]"
    ),
    "50E": LawEntry(_J, None, "Information from penalty cards: review"),
    "51A": LawEntry(
        _O, f"{_RC}.choose_rectification", "Declarer designates [declarer]"
    ),
    "51B": LawEntry(_O, f"{_PC}.lead_options", "Options with several penalty cards"),
    "52": LawEntry(
        _O, f"{_RC}.choose_rectification", "Penalty card not played [declarer]"
    ),
    "53A": LawEntry(
        _O, f"{_LP}.play_card", "Lead out of turn accepted; trick 13 withdrawn"
    ),
    "53B": LawEntry(_J, None, "Proper lead vs play to the irregular lead: ruling"),
    "53C": LawEntry(_M, f"{_LP}.play_card", "Declarer's lead stands; Law 57 applies"),
    "54": LawEntry(
        _O, f"{_RC}.choose_rectification", "Opening lead out of turn [declarer]"
    ),
    "54C": LawEntry(
        _J, f"{_RC}.choose_rectification", "Must accept: the Director chooses"
    ),
    "54E": LawEntry(_M, f"{_LP}.play_card", "Declaring side's opening lead: Law 24"),
    "55": LawEntry(
        _O, f"{_RC}.choose_rectification", "Declarer's lead out of turn [defenders]"
    ),
    "56": LawEntry(
        _O, f"{_RC}.choose_rectification", "Defender's lead out of turn [declarer]"
    ),
    "57A": LawEntry(
        _O, f"{_RC}.choose_rectification", "Premature play: 4 options [declarer]"
    ),
    "57C": LawEntry(
        _M, f"{_LP}.play_card", "Exemptions; declarer's premature play stands"
    ),
    "57D": LawEntry(
        _M, f"{_LP}.play_card", "Play at RHO's turn: at his turn or penalty card"
    ),
    "58A": LawEntry(_M, f"{_BP}.decide", "Simultaneous plays: the event order decides"),
    "58B": LawEntry(
        _O, f"{_BP}.decide", "Cards from one hand: offender names the card"
    ),
    "59": LawEntry(_M, f"{_PS}.allowed_cards", "Inability to comply: any legal card"),
    "60": LawEntry(_M, f"{_LP}.play_card", "Acceptance by play of the next hand (53A)"),
    "61A": LawEntry(_M, f"{_RP}.record_revoke", "Revoke detected from the known hands"),
    "62": LawEntry(_M, f"{_RP}.correct_revoke", "Correction before establishment"),
    "62C3": LawEntry(
        _M, f"{_RP}.correct_revoke", "Both sides revoked: both corrected; review"
    ),
    "62D1": LawEntry(
        _M, f"{_RP}.correct_revoke", "Twelfth-trick revoke corrected if established"
    ),
    "63": LawEntry(_M, f"{_RP}.establish_revokes", "Establishment by play or claim"),
    "64A": LawEntry(_M, f"{_RV}.trick_transfer", "Automatic trick transfer"),
    "64B": LawEntry(_M, f"{_RV}.trick_transfer", "No transfer (B1-B8)"),
    "64B8": LawEntry(
        _M, f"{_RV}.trick_transfer", "No transfer after a 62C3 correction"
    ),
    "64C": LawEntry(_J, f"{_RS}.result_of_play", "Equity review flag"),
    "65": LawEntry(_J, None, "Arranging tricks: UI concern"),
    "66": LawEntry(_J, None, "Inspecting tricks: UI concern"),
    "67A": LawEntry(
        _M, f"{_DP}.rectify_defective_trick", "In time: card supplied; 45E/58B"
    ),
    "67B": LawEntry(
        _M, f"{_DP}.rectify_defective_trick", "Late: winner stays; deemed revoke"
    ),
    "67B1": LawEntry(
        _O, f"{_DT}.omitted_card_choices", "Offender places a card of the suit led"
    ),
    "67B2": LawEntry(
        _M, f"{_DT}.card_left_among_played", "Faced or highest legal card stays"
    ),
}

CLAIM_LAWS: dict[str, LawEntry] = {
    "68A": LawEntry(
        _M, f"{_CL}.make_claim", "Explicit claim; showing cards is judgement"
    ),
    "68B1": LawEntry(_M, f"{_CL}.Claim.is_concession", "A claim concedes the rest"),
    "68B2": LawEntry(_O, f"{_CL}.dispute_claim", "Partner objects to a concession"),
    "68C": LawEntry(_M, f"{_CL}.Claim.statement", "Statement kept verbatim"),
    "68D": LawEntry(_M, f"{_BP}.decide", "Play suspended after a claim"),
    "68D2(b)": LawEntry(
        _M, f"{_CL}.resume_play", "Play on with 4/4 consent: claim void"
    ),
    "69A": LawEntry(_M, f"{_CL}.accept_claim", "Agreement by the opponents"),
    "69B1": LawEntry(_O, f"{_CL}.withdraw_concession", "Withdraw agreement: trick won"),
    "69B2": LawEntry(_J, f"{_CL}.withdraw_concession", "Withdraw agreement: probable"),
    "70": LawEntry(
        _J, f"{_CL}.adjudicate_claim", "Contested claim: Director's decision"
    ),
    "71A": LawEntry(_O, f"{_CL}.withdraw_concession", "Concession of a trick won"),
    "71B": LawEntry(
        _J, f"{_CL}.withdraw_concession", "Trick not losable by normal play"
    ),
    "79A": LawEntry(
        _M, f"{_RS}.result_of_play", "Tricks won, with claims and transfers"
    ),
    "22B": LawEntry(_M, f"{_RS}.BoardResult.is_passed_out", "Passed out: no contract"),
}
