// External scanner for tree-sitter-dealer3: comments.
//
// dealer's lexer takes `#` as a comment only in column 1 (`^#.*`); anywhere else it is a syntax
// error. Real scripts also indent such lines, so a `#` preceded on its line by nothing but
// whitespace is returned as `misplaced_comment` (the engine rejects it; editors can still show it
// as a comment). A `#` after code on the same line is not a comment at all.
//
// `//` runs to the end of the line and `/* ... */` to the first `*/`; an unterminated block
// comment is not a comment (the engine says `EOF found in comment`).

#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>

enum TokenType {
  COMMENT,
  MISPLACED_COMMENT,
};

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
  if (!valid_symbols[COMMENT] && !valid_symbols[MISPLACED_COMMENT]) {
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
