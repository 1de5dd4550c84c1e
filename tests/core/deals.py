"""Hand-built deals for the rules-core tests, written as trick tables.

Each line is ``"leader: cards in play order"`` (the leader first, then clockwise); the hands are
exactly the cards each seat plays (``builders.hands_of_table``). Seats: 0 forehand,
1 middlehand, 2 rearhand (3 dealer in Schafkopf). The points of each trick and every total
were added up by hand; they are in the comments and in the tests that use the deals.

Most deals were composed card by card. Four Schafkopf deals whose tie pattern is hard to compose
(JUNGFRAU, TIE_TRICKS, TIE_TRUMPS, TIE_HIGHEST) and BAUERN_JUNGFRAU were found by searching
randomly played deals for the pattern; each of their tricks was then checked by hand
(following suit, the winner, the points).
"""

# ---- Ramsch in Skat (jacks trump; A 10 K Q 9 8 7) ----------------------------------------

# D1: every seat takes tricks; the last trick goes to middlehand, the most points to rearhand.
D1 = [
    "0: CA C7 C8",  # F 11
    "0: CT CK C9",  # F 14
    "0: S7 SA S8",  # M 11
    "1: ST SK S9",  # M 14
    "1: H7 HA H8",  # R 11
    "2: DA D8 D9",  # R 11
    "2: HT H9 HQ",  # R 13
    "2: CJ SJ DJ",  # R 6  (a jack led: both others answer with a jack)
    "2: DT DQ DK",  # R 17
    "2: SQ CQ HJ",  # M 8  (HJ trumps the spade lead)
]
D1_SKAT = "HK D7"  # 4 points; tricks: F 25, M 33, R 58 (= 116)

# D2: middlehand and rearhand tie on 44 trick points; the skat holds 8.
D2 = [
    "0: CA C7 C8",  # F 11
    "0: CT C9 CQ",  # F 13
    "0: S7 SA S8",  # M 11
    "1: ST S9 SQ",  # M 13
    "1: H7 HA H8",  # R 11
    "2: HT H9 HQ",  # R 13
    "2: DA D9 DK",  # R 15
    "2: HK D8 CJ",  # M 6  (forehand and middlehand are out of hearts)
    "1: SJ HJ DT",  # M 14
    "1: D7 DJ DQ",  # R 5
]
D2_SKAT = "SK CK"  # 8 points; tricks: F 24, M 44, R 44 (= 112)

# D3: rearhand takes no trick (Jungfrau); middlehand one.
D3 = [
    "0: CA C9 C7",  # F 11
    "0: CT CQ C8",  # F 13
    "0: SK SA S7",  # M 15
    "1: S9 S8 ST",  # F 10
    "0: HA HQ H8",  # F 14
    "0: HT HK H9",  # F 14
    "0: DA DQ D8",  # F 14
    "0: DT DK D9",  # F 14
    "0: CJ CK HJ",  # F 8
    "0: SJ SQ DJ",  # F 7
]
D3_SKAT = "H7 D7"  # 0 points; F 105, M 15, R 0

# D0: forehand takes every trick (Durchmarsch); the skat holds no points and no jack.
D0 = [
    "0: CA C9 C7",
    "0: CT CQ C8",
    "0: SA S9 S7",
    "0: ST SQ S8",
    "0: HA HQ H8",
    "0: HT HK H9",
    "0: DA DQ D8",
    "0: DT DK D9",
    "0: CJ CK HJ",
    "0: SJ SK DJ",
]
D0_SKAT = "H7 D7"

# D1 once more, but rearhand was dealt ♠Q instead of ♦7: it picks up the skat ♥K ♦7 and lays
# ♥K ♠Q, then leads ♦7 to the last trick instead of ♠Q.
D1_PUSHED = [*D1[:9], "2: D7 CQ HJ"]  # last trick: M 5; tricks F 25, M 30, R 58

# ---- Ramsch in Schafkopf (four seats) ---------------------------------------------------

# Forehand holds the eight Obers and Unters and takes every trick (SK-7).
DURCHMARSCH = [
    "0: CQ HA H9 C7",
    "0: SQ HT H8 S7",
    "0: HQ HK H7 DA",
    "0: DQ CA SA DT",
    "0: CJ CT ST DK",
    "0: SJ CK SK D9",
    "0: HJ C9 S9 D8",
    "0: DJ C8 S8 D7",
]

# The dealer takes no trick (SK-6); forehand has the most points, 63 (18 + 31 + 14).
JUNGFRAU = [
    "0: SJ SQ DQ H8",  # M 8
    "1: DK D9 D8 D7",  # M 4
    "1: S8 HT SK SA",  # R 25 (R has no spade: ♥10 is a trump)
    "2: CA C8 HQ CK",  # F 18
    "0: CJ CQ HA HJ",  # M 18
    "1: DJ C9 S9 H7",  # M 2
    "1: DA DT ST H9",  # F 31
    "0: HK CT C7 S7",  # F 14
]  # F 63 (3 tricks), M 32 (4), R 25 (1), D 0 (0)

# SK-5 step 2: M and D tie on 39; D took 3 tricks, M 2.
TIE_TRICKS = [
    "0: DT SJ DK DA",  # M 27 (♠J trumps the diamond lead)
    "1: HT DJ HJ H9",  # D 14
    "3: C7 CT C8 C9",  # F 10
    "0: S7 S8 ST SA",  # D 21
    "3: H7 HA H8 SQ",  # R 14
    "2: D7 D9 D8 SK",  # D 4
    "3: CJ HK CQ DQ",  # M 12
    "1: CK HQ S9 CA",  # R 18
]  # F 10 (1), M 39 (2), R 32 (2), D 39 (3)

# SK-5 step 3: F and D tie on 39 with 2 tricks each; D's tricks hold 4 trumps, F's 1.
TIE_TRUMPS = [
    "0: HK HT HJ SJ",  # D 18
    "3: CA CT C9 C7",  # D 21
    "3: S7 SA SK ST",  # F 25
    "0: H7 H9 DJ S8",  # R 2
    "2: HA DK HQ CQ",  # M 21
    "1: DA D7 D9 DQ",  # F 14 (♦Q is a trump, forehand has no diamond)
    "0: H8 D8 CJ DT",  # R 12
    "2: SQ S9 C8 CK",  # R 7
]  # F 39 (2), M 21 (1), R 21 (3), D 39 (2)

# SK-5 step 4: M and D tie on 35, 2 tricks, 4 trumps each; D's highest is ♣Q, M's ♣J.
TIE_HIGHEST = [
    "0: CT C8 CK CA",  # D 25
    "3: CQ H8 HK SQ",  # D 10
    "3: S9 ST SA S7",  # M 21
    "1: SK DA DT DQ",  # F 28
    "0: D7 D8 DK C9",  # R 4
    "2: HQ DJ HJ HA",  # R 18
    "2: H9 HT SJ CJ",  # M 14
    "1: S8 H7 C7 D9",  # R 0
]  # F 28 (1), M 35 (2), R 22 (3), D 35 (2)

# SK-5 house rule: M and R tie on 32, 2 tricks each, no trump in their tricks.
TIE_LAST = [
    "0: CQ H7 H8 HA",  # F 14
    "0: SQ H9 HJ HT",  # F 15
    "0: HK DJ SJ HQ",  # D 11
    "3: DQ CJ SA S7",  # D 16 (M and R are out of trumps)
    "3: C9 C8 CA CT",  # M 21
    "1: DA D9 D8 D7",  # M 11
    "1: DK DT CK SK",  # R 22
    "2: ST S9 S8 C7",  # R 10
]  # F 29 (2), M 32 (2), R 32 (2), D 27 (2)

# Bauernramsch: the rearhand takes no trick; the dealer has the most points, 56.
BAUERN_JUNGFRAU = [
    "0: C9 CA C8 CK",  # M 15
    "1: HA H7 HK HT",  # M 25 (hearts are a plain suit: ♥J stays in rearhand's hand)
    "1: ST S8 SA SK",  # D 25
    "3: DQ SQ HQ HJ",  # F 11
    "0: DK D8 D9 DT",  # D 14
    "3: CQ CJ C7 SJ",  # D 7
    "3: D7 CT H8 S7",  # D 10
    "3: DA DJ S9 H9",  # F 13 (♦J trumps the diamond Ace)
]  # F 24 (2), M 40 (2), R 0 (0), D 56 (4)

# ---- Altenburg (no trumps; A 10 K Q J 9 8 7) --------------------------------------------

# A1: every seat takes tricks; the face-down ♥K ♦7 hold 4 points.
A1 = [
    "0: CA C7 C8",  # F 11
    "0: S7 SA S8",  # M 11
    "1: ST SK S9",  # M 14
    "1: H7 HA H8",  # R 11
    "2: DA D8 D9",  # R 11
    "2: HT H9 HQ",  # R 13
    "2: CJ CQ C9",  # F 5  (the jack is a club and ranks below the queen)
    "0: DQ DK DJ",  # M 9
    "1: SJ SQ CK",  # R 9
    "2: HJ CT DT",  # R 22
]
A1_SKAT = "HK D7"  # F 16, M 34, R 66 (= 116)

# Forehand takes every trick.
ALL_TRICKS = [
    "0: CA C9 C8",
    "0: CT CJ C7",
    "0: CK CQ HJ",
    "0: SA S9 S8",
    "0: ST SJ S7",
    "0: SK SQ DJ",
    "0: HA HQ H8",
    "0: HT HK H9",
    "0: DA DQ D8",
    "0: DT DK D9",
]
# Middlehand takes one trick (the 6th, 9 points), rearhand none: F 111, M 9, R 0.
ONE_JUNGFER = [*ALL_TRICKS[:5], "0: SQ SK DJ", "1: HQ H8 HA", *ALL_TRICKS[7:]]
# Forehand and middlehand take 60 each, rearhand nothing.
TIE_TWO = [
    "0: CA CK CQ",  # F 18
    "0: CT CJ C9",  # F 12
    "0: SA SK SQ",  # F 18
    "0: ST SJ S9",  # F 12
    "0: HK HA HJ",  # M 17
    "1: HT H9 HQ",  # M 13
    "1: DA DJ DK",  # M 17
    "1: DT D9 DQ",  # M 13
    "1: H8 C7 C8",  # M 0
    "1: D8 S7 S8",  # M 0
]
# All three take 40.
TIE_THREE = [
    "0: CA CK C9",  # F 15
    "0: CT CQ C8",  # F 13
    "0: CJ C7 ST",  # F 12
    "0: S9 SA SK",  # M 15
    "1: SQ SJ S8",  # M 5
    "1: DA D9 DK",  # M 15
    "1: DQ DJ D8",  # M 5
    "1: H9 HA HK",  # R 15
    "2: HT H8 HQ",  # R 13
    "2: HJ DT S7",  # R 12
]
ZERO_SKAT = "H7 D7"

# TIE_TWO again, but rearhand was dealt ♣Q ♠Q instead of ♥7 ♦7: it takes the two face-down
# cards and lays ♣Q ♠Q away. Tricks: F 15 + 12 + 15 + 12 = 54, M 60, R 0.
LAID_AWAY = [
    "0: CA CK C9",
    "0: CT CJ C7",
    "0: SA SK S9",
    "0: ST SJ S7",
    "0: HK HA HJ",
    "1: HT H9 HQ",
    "1: DA DJ DK",
    "1: DT D9 DQ",
    "1: H8 H7 C8",
    "1: D8 D7 S8",
]
