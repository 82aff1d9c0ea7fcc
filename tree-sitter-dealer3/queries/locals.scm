; A script is one scope; `name = expression` defines a name for the whole script.
(source_file) @local.scope

(assignment
  name: (identifier) @local.definition)

(identifier) @local.reference
