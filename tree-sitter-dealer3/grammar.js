/**
 * @file dealer3 bridge deal-generator scripts (dealer.exe, DealerV2_4 and dealer3 dialects)
 * @license MIT OR Apache-2.0
 *
 * The grammar is for highlighting and navigation, not for judging validity: the engine does
 * that. It is therefore tolerant (any argument may appear in any function call, DealerV2_4
 * words are accepted, `$0`..`$9` may stand almost anywhere) but it keeps the token rules of the
 * original lexer: four-character `[0-9x]` tokens are shape patterns, `[CDHS]A?K?...` holdings,
 * `[2-9TJQKA][CDHS]` cards, `x3N`/`z4Sxx` contract words, and `#` starts a comment only in
 * column 1 (see src/scanner.c).
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

const PREC = {
  assign: -1,
  ternary: 1,
  or: 2,
  and: 3,
  not: 4,
  compare: 5,
  add: 6,
  mul: 7,
  unary: 8,
  call: 9,
};

const FUNCTIONS = [
  'hcp', 'hcps', 'controls', 'control', 'losers', 'loser', 'quality', 'cccc',
  'hascard',
  'tens', 'ten', 'jacks', 'jack', 'queens', 'queen', 'kings', 'king', 'aces', 'ace',
  'top2', 'top3', 'top4', 'top5', 'c13',
  'pt0', 'pt1', 'pt2', 'pt3', 'pt4', 'pt5', 'pt6', 'pt7', 'pt8', 'pt9',
  'tricks', 'trick', 'score', 'imps', 'imp', 'par', 'rnd', 'dds',
  // DealerV2_4
  'ltc', 'opc', 'usereval', 'trix', 'parcontract',
];

// Suit words: a function (`spades(north)`) and a strain (`hcp(north, spades)`).
const SUITS = ['clubs', 'club', 'diamonds', 'diamond', 'hearts', 'heart', 'spades', 'spade'];

const COMPASS = ['north', 'east', 'south', 'west'];
const COMPASS_SHORT = ['n', 'e', 's', 'w'];
const SIDES = ['ns', 'ew', 'NS', 'EW'];
const VULNERABILITY = ['none', 'all', 'both', 'nv', 'vul'];

// Actions that take no argument list (or an optional one).
const PLAIN_ACTIONS = [
  'printall', 'printew', 'printns', 'printpbn', 'printcompact', 'printoneline',
  'printside', 'evalcontract', 'export',
];

// DealerV2_4 statement words that dealer3 scripts also use as variable names.
const SOFT_KEYWORDS = ['opener', 'startboard', 'seed'];

function commaSep1(rule) {
  return seq(rule, repeat(seq(',', rule)));
}

function commaSep(rule) {
  return optional(commaSep1(rule));
}

module.exports = grammar({
  name: 'dealer3',

  externals: $ => [
    $.comment,
    $.misplaced_comment,
    // A plain name (not a keyword, not shaped like a holding, card, contract word or shape
    // pattern), read by the scanner so that a statement starting with a name can be reused
    // whole by an incremental re-parse (see `_sections` below). Shown as `identifier`.
    $._name,
    // Never in the grammar: valid only during error recovery, when the scanner leaves names
    // to the internal lexer.
    $._error_sentinel,
  ],

  extras: $ => [
    /\s/,
    $.comment,
    $.misplaced_comment,
  ],

  word: $ => $.identifier,

  supertypes: $ => [
    $._statement,
    $._expression,
  ],

  conflicts: $ => [
    // `average $2 hcp(north)`: `$2` is the label, or the averaged expression followed by a
    // new expression statement. The label reading is preferred.
    [$.label, $._primary],
    // `predeal west ST62 s ...`: `s` is another seat of the predeal, or a new statement
    // (`s = spades(east)`); the token after it decides.
    [$.predeal_statement],
  ],

  rules: {
    // The statement list is cut into hidden groups so that an incremental re-parse (the editor
    // re-parses on each keystroke) reuses whole groups: blocks of 8 statements, sections of 8
    // blocks, and a left-recursive chain of sections; the last 0..7 blocks and 0..7 statements
    // form the tail. None of these nodes is visible. After an edit inside a statement, the
    // statements and blocks around it and every other section are reused as single subtrees
    // (tens of steps instead of one per statement).
    //
    // Why not `repeat`: the nodes of a repetition are reduced in parse states that also hold its
    // SHIFT_REPEAT action, so tree-sitter marks them fragile and never reuses them; each later
    // statement would be re-shifted one by one. A plain left-recursive chain has the same cost
    // after the edit (everything before it is one subtree). The groups only count statements,
    // so an edit that adds or removes a statement moves every later group boundary: that
    // re-parse re-shifts each later statement, as the plain chain would.
    //
    // Reusing a subtree whose first token is the `word` token (`identifier`) needs the parse
    // state to match exactly, and statements are not terminated, so the parser always stands
    // before the previous statement's reduction there: a group starting with `x = ...` could
    // never be reused. Names are therefore read by the external scanner as `_name` (see
    // src/scanner.c), which only needs the lexical mode to match.
    source_file: $ => seq(optional($._sections), optional($._tail)),

    _sections: $ => choice($._section, seq($._sections, $._section)),
    _section: $ => seq(...Array(8).fill($._block)),
    _block: $ => seq(...Array(8).fill($._statement)),
    _tail: $ => choice(
      ...[1, 2, 3, 4, 5, 6, 7].map(n => seq(...Array(n).fill($._block), optional($._partial_block))),
      $._partial_block,
    ),
    _partial_block: $ => choice(...[1, 2, 3, 4, 5, 6, 7].map(n => seq(...Array(n).fill($._statement)))),

    _statement: $ => choice(
      $.condition_statement,
      $.produce_statement,
      $.generate_statement,
      $.dealer_statement,
      $.vulnerable_statement,
      $.title_statement,
      $.seed_statement,
      $.opener_statement,
      $.startboard_statement,
      $.predeal_statement,
      $.pointcount_statement,
      $.altcount_statement,
      $.action_statement,
      $.assignment,
      $.expression_statement,
      // `average`, `frequency`, `printes`, `print`, `csvrpt`, `printrpt` (and, tolerated,
      // every other action, or a comma-separated run of them) may also stand on their own.
      $.action_list,
    ),

    condition_statement: $ => prec(PREC.assign, seq('condition', field('condition', $._expression))),
    produce_statement: $ => prec(PREC.assign, seq('produce', field('count', $._expression))),
    generate_statement: $ => prec(PREC.assign, seq('generate', field('count', $._expression))),
    dealer_statement: $ => seq('dealer', field('seat', $._seat)),
    vulnerable_statement: $ => seq('vulnerable', field('vulnerability', choice($.side, $.vulnerability, $.parameter))),
    title_statement: $ => seq('title', field('title', $._string)),
    seed_statement: $ => prec(1, seq('seed', field('seed', choice($.number, $.parameter)))),
    opener_statement: $ => prec(1, seq('opener', field('seat', $._seat))),
    startboard_statement: $ => prec(1, seq('startboard', field('board', choice($.number, $.parameter)))),

    predeal_statement: $ => seq('predeal', repeat1(choice($.predeal_hand, $.predeal_length))),
    predeal_hand: $ => prec.right(seq(field('seat', $._seat), commaSep1(choice($.holding, $.parameter)))),
    // DealerV2_4's bias predeal: `predeal spades(north) == 5`.
    predeal_length: $ => seq(
      field('suit', alias($._suit_word, $.function_name)),
      '(', field('seat', $._seat), ')',
      '==',
      field('length', $._expression),
    ),

    pointcount_statement: $ => prec.right(seq('pointcount', repeat($._count_value))),
    altcount_statement: $ => prec.right(seq('altcount', field('row', $._count_value), repeat($._count_value))),
    _count_value: $ => choice($.number, $.dotnum, $.negative_number, $.parameter),
    negative_number: $ => seq('-', choice($.number, $.dotnum)),

    action_statement: $ => prec.right(seq('action', optional($.action_list))),
    action_list: $ => prec.right(seq(commaSep1($._action), optional(','))),

    assignment: $ => prec(PREC.assign, seq(
      field('name', choice(
        alias($._name, $.identifier),
        $.identifier,
        $.parameter,
        alias($._soft_keyword, $.identifier),
        alias($._compass_short, $.identifier),
      )),
      '=',
      field('value', $._expression),
    )),

    expression_statement: $ => prec(PREC.assign, $._expression),

    // ---------------------------------------------------------------- actions

    _action: $ => choice(
      $.print_action,
      $.printes_action,
      $.print_list_action,
      $.report_action,
      $.average_action,
      $.frequency_action,
    ),

    // printall, printoneline, printcompact(expr), printside(ns), evalcontract(NS, x3N, vul), ...
    print_action: $ => prec.right(seq(
      field('name', alias(choice(...PLAIN_ACTIONS), $.action_name)),
      optional($.arguments),
    )),

    printes_action: $ => seq(
      field('name', alias('printes', $.action_name)),
      $.print_arguments,
    ),

    // print(north, south)
    print_list_action: $ => seq(
      field('name', alias('print', $.action_name)),
      $.arguments,
    ),

    // csvrpt(...) and printrpt(...)
    report_action: $ => seq(
      field('name', alias(choice('csvrpt', 'printrpt'), $.action_name)),
      // `printrpt "text"` without parentheses is tolerated.
      choice($.print_arguments, $._string),
    ),

    average_action: $ => prec.right(seq(
      field('name', alias('average', $.action_name)),
      choice(
        seq(field('label', $.label), optional(field('value', $._expression))),
        field('value', $._expression),
      ),
    )),

    // frequency, and DealerV2_4's bktfreq
    frequency_action: $ => seq(
      field('name', alias(choice('frequency', 'bktfreq'), $.action_name)),
      optional(field('label', $.label)),
      $.arguments,
    ),

    label: $ => prec.dynamic(1, choice($._string, $.parameter)),

    print_arguments: $ => seq(
      '(',
      optional(seq(
        commaSep1($._print_item),
        optional(','),
      )),
      ')',
    ),

    // A missing comma between a string and the next term is tolerated (`"EW="hcp(east)`).
    _print_item: $ => choice(
      $._argument,
      $.newline,
      // `printrpt(deal, trix)`: DealerV2_4 wants `trix(deal)`, the bare word is tolerated.
      prec(-1, $.function_name),
      seq($._string, $._argument),
    ),

    newline: _ => token('\\n'),

    // ---------------------------------------------------------------- expressions

    _expression: $ => choice(
      $._primary,
      $.unary_expression,
      $.not_expression,
      $.binary_expression,
      $.ternary_expression,
    ),

    _primary: $ => choice(
      $.number,
      $.dotnum,
      alias($._name, $.identifier),
      $.identifier,
      alias($._soft_keyword, $.identifier),
      alias($._compass_short, $.identifier),
      $.parameter,
      $.call,
      $.shape_call,
      $.fd_shape,
      $.parenthesized_expression,
    ),

    parenthesized_expression: $ => seq('(', $._expression, ')'),

    call: $ => prec(PREC.call, seq(
      field('function', choice($.function_name, $.parameter)),
      field('arguments', $.arguments),
    )),

    function_name: $ => choice(...FUNCTIONS, $._suit_word),

    arguments: $ => seq('(', optional(seq(commaSep1($._argument), optional(','))), ')'),

    _argument: $ => choice(
      $._expression,
      prec(1, $.compass),
      $.side,
      $.vulnerability,
      $.strain,
      $.deal,
      $.card,
      $.contract,
      $.string,
    ),

    // shape(north, any 4333 + any 4432 - 5xxx)
    shape_call: $ => seq(
      field('function', alias('shape', $.function_name)),
      '(',
      field('seat', $._seat),
      // The comma is the first element's separator, so `shape(north - any 0xxx)` (comma
      // forgotten) still reads.
      field('shapes', $.shape_list),
      ')',
    ),

    shape_list: $ => repeat1(choice(
      seq(optional(','), optional(choice('+', '-')), optional($.any), choice($.shape_pattern, $.parameter)),
    )),

    any: _ => 'any',

    // shape{north, 4M(3+3+2+):h>s - (7xxx)}, François Dellacherie's shape language
    fd_shape: $ => seq(
      field('function', alias('shape', $.function_name)),
      '{',
      field('seat', $._seat),
      ',',
      optional(field('shapes', $.fd_shape_list)),
      '}',
    ),

    fd_shape_list: $ => repeat1(choice(
      $.fd_pattern,
      $.parameter,
      alias(choice('+', '-', '*', '/', '%'), $.fd_operator),
      alias(choice(':', ','), $.fd_operator),
      alias(choice('or', 'and'), $.fd_operator),
      alias(choice('<', '<=', '>', '>=', '==', '!='), $.fd_operator),
    )),

    // Lengths, suit letters (upper case too, as conditions may write them), `[3-5]` sets and `(...)`
    // groups; `+`/`-` inside a pattern (`5+s`, `2-`, `h+s`) belong to it, ` + ` between patterns not.
    fd_pattern: _ => token(prec(2, /[0-9xMmshdcSHDC\[\]()+\-]*[0-9xMmshdcSHDC\[\]()][0-9xMmshdcSHDC\[\]()+\-]*/)),

    unary_expression: $ => prec(PREC.unary, seq(
      field('operator', '-'),
      field('operand', $._expression),
    )),

    // `not` in front of a comparison negates the comparison.
    not_expression: $ => prec.right(PREC.not, seq(
      field('operator', choice('!', 'not')),
      field('operand', $._expression),
    )),

    binary_expression: $ => {
      const table = [
        [PREC.or, choice('||', 'or')],
        [PREC.and, choice('&&', 'and')],
        [PREC.compare, choice('<', '<=', '>', '>=', '==', '!=')],
        [PREC.add, choice('+', '-')],
        [PREC.mul, choice('*', '/', '%')],
      ];
      return choice(...table.map(([p, op]) => prec.left(p, seq(
        field('left', $._expression),
        field('operator', op),
        field('right', $._expression),
      ))));
    },

    ternary_expression: $ => prec.right(PREC.ternary, seq(
      field('condition', $._expression),
      '?',
      field('consequence', $._expression),
      ':',
      field('alternative', $._expression),
    )),

    // ---------------------------------------------------------------- words

    _seat: $ => choice($.compass, $.side, $.parameter),

    compass: $ => choice(...COMPASS, prec(1, $._compass_short)),
    _compass_short: _ => choice(...COMPASS_SHORT),
    side: _ => choice(...SIDES),
    vulnerability: _ => choice(...VULNERABILITY),
    strain: $ => choice(prec(1, $._suit_word), 'notrump', 'notrumps'),
    _suit_word: _ => choice(...SUITS),
    deal: _ => 'deal',
    _soft_keyword: _ => choice(...SOFT_KEYWORDS),

    // ---------------------------------------------------------------- tokens

    // Most names arrive as `_name` from the scanner; this token covers the rest (words the
    // scanner leaves alone, such as keywords used as names, and names read during error
    // recovery). Both show as `identifier`.
    identifier: _ => /[a-zA-Z][a-zA-Z0-9_]*/,

    // $0 .. $9, filled in from the command line before the script is read.
    parameter: _ => /\$[0-9]/,

    number: _ => /[0-9]+/,

    // DealerV2_4's dotnums: 6.25 is 625, .5 is 50.
    dotnum: _ => token(choice(/[0-9]{1,2}\.[0-9]{0,2}/, /\.[0-9]{1,2}/)),

    // Four characters of [0-9x], lengths in spades, hearts, diamonds, clubs order.
    shape_pattern: _ => token(prec(1, /[0-9x]{4}/)),

    // dealer's own rule is [CDHS]A?K?Q?J?T?9?8?7?6?5?4?3?2?; any ranks are accepted here and the
    // engine reports a malformed holding.
    holding: _ => token(prec(1, /[CDHS][AKQJT2-9]*/)),

    card: _ => token(prec(1, /[2-9TJQKA][CDHS]/)),

    contract: _ => token(prec(1, /[xz][1-7][CDHSN]x{0,2}/)),

    _string: $ => choice($.string, $.unterminated_string),

    // No escapes between quotes. DealerV2_4 ends a string at the end of the line.
    string: _ => /"[^"\r\n]*"/,
    unterminated_string: _ => /"[^"\r\n]*/,
  },
});
