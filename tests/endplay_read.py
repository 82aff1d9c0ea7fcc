"""Reads a LIN or PBN set with endplay and prints one line a board:
`NUMBER DEALER VULNERABILITY N:DEAL` (dealer N/E/S/W, vulnerability None/NS/EW/All).

endplay 0.5's PBN reader keeps [Dealer] only on boards that have a contract and otherwise
derives the dealer from the board number, so the dealer is taken from the [Dealer] tag
endplay itself parsed, before it is dropped.
"""

import sys

from endplay.parsers import lin, pbn
from endplay.types import Player

VUL = {"none": "None", "ns": "NS", "ew": "EW", "both": "All"}


def read_pbn(f):
    decoder = pbn.PBNDecoder()
    original = decoder._tags_to_board

    def keep_dealer():
        tag = decoder.curtags.get("Dealer")
        board = original()
        if board is not None and tag is not None and tag["value"]:
            board.dealer = Player.find(tag["value"])
        return board

    decoder._tags_to_board = keep_dealer
    return decoder.parse_file(f)


def main(path):
    with open(path, encoding="utf-8") as f:
        boards = lin.load(f) if path.lower().endswith(".lin") else read_pbn(f)
    for b in boards:
        print(b.board_num, "NESW"[int(b.dealer)], VUL[b.vul.name], b.deal.to_pbn())


if __name__ == "__main__":
    main(sys.argv[1])
