// External scanner for tree-sitter-dealer3: comments.
//
// dealer's lexer takes `#` as a comment only in column 1 (`^#.*`); anywhere else it is a syntax
// error. Real scripts also indent such lines, so a `#` preceded on its line by nothing but
// whitespace is returned as `misplaced_comment` (the engine rejects it; editors can still show it
// as a comment). A `#` after code on the same line is not a comment at all.
//
// `//` runs to the end of the line and `/* ... */` to the first `*/`; an unterminated block
// comment is not a comment (the engine says `EOF found in comment`).
//
// Names: a word that is not a keyword and not shaped like a holding, card, contract word or shape
// pattern is returned as `_name` (shown as `identifier`) wherever a name may stand. Any other
// word is left to the internal lexer, which reads it exactly as before (a keyword, a holding,
// or `identifier`). This is for incremental re-parsing only: tree-sitter reuses a subtree whose
// first token is the grammar's `word` token (`identifier`) only in the very parse state it was
// built in, which never holds at the start of an unterminated statement; an external token only
// needs the same lexical mode. See `_sections` in grammar.js.

#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum TokenType {
  COMMENT,
  MISPLACED_COMMENT,
  NAME,
  ERROR_SENTINEL,
};

// Every word-shaped string of grammar.js, in strcmp order (binary search). The crate's tests check
// this list against src/grammar.json, so a keyword added to the grammar must be added here.
static const char *const KEYWORDS[] = {
    "EW", "NS", "ace", "aces", "action", "all", "altcount", "and", "any", "average", "bktfreq",
    "both", "c13", "cccc", "club", "clubs", "condition", "control", "controls", "csvrpt", "dds",
    "deal", "dealer", "diamond", "diamonds", "e", "east", "evalcontract", "ew", "export",
    "frequency", "generate", "hascard", "hcp", "hcps", "heart", "hearts", "imp", "imps", "jack",
    "jacks", "king", "kings", "loser", "losers", "ltc", "n", "none", "north", "not", "notrump",
    "notrumps", "ns", "nv", "opc", "opener", "or", "par", "parcontract", "pointcount", "predeal",
    "print", "printall", "printcompact", "printes", "printew", "printns", "printoneline",
    "printpbn", "printrpt", "printside", "produce", "pt0", "pt1", "pt2", "pt3", "pt4", "pt5", "pt6",
    "pt7", "pt8", "pt9", "quality", "queen", "queens", "rnd", "s", "score", "seed", "shape",
    "south", "spade", "spades", "startboard", "ten", "tens", "title", "top2", "top3", "top4",
    "top5", "trick", "tricks", "trix", "usereval", "vul", "vulnerable", "w", "west",
};

static bool is_keyword(const char *word) {
  size_t low = 0;
  size_t high = sizeof(KEYWORDS) / sizeof(KEYWORDS[0]);
  while (low < high) {
    size_t mid = low + (high - low) / 2;
    int order = strcmp(word, KEYWORDS[mid]);
    if (order == 0) {
      return true;
    }
    if (order < 0) {
      high = mid;
    } else {
      low = mid + 1;
    }
  }
  return false;
}

static bool is_letter(int32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static bool is_word_char(int32_t c) {
  return is_letter(c) || (c >= '0' && c <= '9') || c == '_';
}

static bool one_of(char c, const char *set) { return c != 0 && strchr(set, c) != NULL; }

// Whether the start of a word could be read as another token than a name where both are valid:
// a holding (`[CDHS][AKQJT2-9]*`), a card (`[2-9TJQKA][CDHS]`), a contract word
// (`[xz][1-7][CDHSN]...`) or a shape pattern (`[0-9x]{4}`). Such words go to the internal lexer.
static bool shaped_like_other_token(const char *word) {
  if (one_of(word[0], "CDHS")) {
    return true;
  }
  if (one_of(word[0], "TJQKA") && one_of(word[1], "CDHS")) {
    return true;
  }
  if (one_of(word[0], "xz") && one_of(word[1], "1234567")) {
    return true;
  }
  return word[0] == 'x' && one_of(word[1], "0123456789x") && one_of(word[2], "0123456789x") &&
         one_of(word[3], "0123456789x");
}

// At a letter: reads the word and returns it as NAME unless the internal lexer must read it.
static bool scan_name(TSLexer *lexer) {
  char word[32];
  unsigned length = 0;
  while (is_word_char(lexer->lookahead)) {
    if (length < sizeof(word) - 1) {
      word[length] = (char)lexer->lookahead;
    }
    length++;
    lexer->advance(lexer, false);
  }
  bool whole = length < sizeof(word);
  word[whole ? length : sizeof(word) - 1] = '\0';
  if (shaped_like_other_token(word) || (whole && is_keyword(word))) {
    return false;
  }
  lexer->mark_end(lexer);
  lexer->result_symbol = NAME;
  return true;
}

void *tree_sitter_dealer3_external_scanner_create(void) { return NULL; }
void tree_sitter_dealer3_external_scanner_destroy(void *payload) { (void)payload; }
unsigned tree_sitter_dealer3_external_scanner_serialize(void *payload, char *buffer) {
  (void)payload;
  (void)buffer;
  return 0;
}
void tree_sitter_dealer3_external_scanner_deserialize(void *payload, const char *buffer,
                                                       unsigned length) {
  (void)payload;
  (void)buffer;
  (void)length;
}

static void to_end_of_line(TSLexer *lexer) {
  while (!lexer->eof(lexer) && lexer->lookahead != '\n' && lexer->lookahead != '\r') {
    lexer->advance(lexer, false);
  }
}

bool tree_sitter_dealer3_external_scanner_scan(void *payload, TSLexer *lexer,
                                               const bool *valid_symbols) {
  (void)payload;
  // During error recovery every symbol is valid; names are then left to the internal lexer.
  bool name_valid = valid_symbols[NAME] && !valid_symbols[ERROR_SENTINEL];
  if (!valid_symbols[COMMENT] && !valid_symbols[MISPLACED_COMMENT] && !name_valid) {
    return false;
  }

  bool crossed_newline = false;
  bool last_was_newline = false;
  uint32_t skipped = 0;
  while (lexer->lookahead == ' ' || lexer->lookahead == '\t' || lexer->lookahead == '\r' ||
         lexer->lookahead == '\n' || lexer->lookahead == '\f' || lexer->lookahead == '\v') {
    if (lexer->lookahead == '\n') {
      crossed_newline = true;
      last_was_newline = true;
    } else if (lexer->lookahead != '\r') {
      last_was_newline = false;
    }
    skipped++;
    lexer->advance(lexer, true);
  }

  if (lexer->lookahead == '#') {
    bool column_one;
    bool line_start;
    if (crossed_newline) {
      column_one = last_was_newline;
      line_start = true;
    } else {
      uint32_t column = lexer->get_column(lexer);
      column_one = column == 0;
      // Started at the beginning of the line and skipped only blanks to get here.
      line_start = column == skipped;
    }
    if (!line_start) {
      return false;
    }
    lexer->advance(lexer, false);
    to_end_of_line(lexer);
    lexer->mark_end(lexer);
    if (column_one && valid_symbols[COMMENT]) {
      lexer->result_symbol = COMMENT;
      return true;
    }
    if (!column_one && valid_symbols[MISPLACED_COMMENT]) {
      lexer->result_symbol = MISPLACED_COMMENT;
      return true;
    }
    return false;
  }

  if (name_valid && is_letter(lexer->lookahead)) {
    return scan_name(lexer);
  }

  if (lexer->lookahead == '/') {
    lexer->advance(lexer, false);
    if (lexer->lookahead == '/') {
      to_end_of_line(lexer);
      lexer->mark_end(lexer);
      lexer->result_symbol = COMMENT;
      return valid_symbols[COMMENT];
    }
    if (lexer->lookahead == '*') {
      lexer->advance(lexer, false);
      bool star = false;
      while (!lexer->eof(lexer)) {
        int32_t c = lexer->lookahead;
        lexer->advance(lexer, false);
        if (star && c == '/') {
          lexer->mark_end(lexer);
          lexer->result_symbol = COMMENT;
          return valid_symbols[COMMENT];
        }
        star = c == '*';
      }
      return false;
    }
    return false;
  }

  return false;
}
