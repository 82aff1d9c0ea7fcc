; Highlights for dealer3 scripts.
;
; The patterns are written so that no two of them capture the same node: editors disagree on
; whether the first or the last matching pattern wins, so nothing here depends on order.

; Comments ------------------------------------------------------------------------------------

(comment) @comment

; A `#` comment that does not start in column 1: dealer rejects it, editors show it as comment.
(misplaced_comment) @comment

; Statements ----------------------------------------------------------------------------------

[
  "condition"
  "produce"
  "generate"
  "dealer"
  "vulnerable"
  "title"
  "seed"
  "opener"
  "startboard"
  "predeal"
  "pointcount"
  "altcount"
  "action"
] @keyword

; Actions: inside an `action` list they are actions; standing on their own (`average ...`,
; `printes(...)`, `frequency ...`) they are statements.
(action_statement
  (action_list
    (_
      name: (action_name) @function.special)))

(source_file
  (action_list
    (_
      name: (action_name) @keyword)))

; Functions -----------------------------------------------------------------------------------

(function_name) @function.builtin

; Words ---------------------------------------------------------------------------------------

[
  (compass)
  (side)
  (vulnerability)
  (strain)
  (deal)
  (any)
] @constant.builtin

; Cards, holdings, contracts, shapes ----------------------------------------------------------

[
  (card)
  (holding)
  (contract)
] @constant

[
  (shape_pattern)
  (fd_pattern)
] @string.special.symbol

; Literals ------------------------------------------------------------------------------------

(number) @constant.numeric

(dotnum) @constant.numeric.float

[
  (string)
  (unterminated_string)
] @string

; The bare `\n` of printes.
(newline) @string.escape

; Variables and parameters --------------------------------------------------------------------

(assignment
  name: (identifier) @variable.definition)

(assignment
  value: (identifier) @variable)

; Every other place an identifier can stand (listed, so no pattern overlaps the definition).
(condition_statement (identifier) @variable)
(produce_statement (identifier) @variable)
(generate_statement (identifier) @variable)
(expression_statement (identifier) @variable)
(predeal_length (identifier) @variable)
(average_action (identifier) @variable)
(binary_expression (identifier) @variable)
(not_expression (identifier) @variable)
(unary_expression (identifier) @variable)
(ternary_expression (identifier) @variable)
(parenthesized_expression (identifier) @variable)
(arguments (identifier) @variable)
(print_arguments (identifier) @variable)

(parameter) @variable.parameter

; Operators and punctuation -------------------------------------------------------------------

[
  "+"
  "-"
  "*"
  "/"
  "%"
  "<"
  "<="
  ">"
  ">="
  "=="
  "!="
  "&&"
  "||"
  "!"
  "?"
  ":"
  "="
] @operator

[
  "and"
  "or"
  "not"
] @keyword.operator

(fd_operator) @operator

[
  "("
  ")"
  "{"
  "}"
] @punctuation.bracket

"," @punctuation.delimiter

(ERROR) @error
