/**
 * The error and result catalogue (spec §8, extended by PRODUCT.md §2).
 * The upstream answers with these codes and their English text; the web app translates by code.
 */
export const catalogue = {
  'users.user_created': 'User successfully created',
  'users.user_not_created': 'User not created',
  'users.user_deleted': 'User deleted',
  'users.user_not_deleted': 'User not deleted',
  'users.user_edited': 'User modified',
  'users.user_not_edited': 'User not modified',
  'users.user_already_registered': 'User already registered',
  'users.user_not_found': 'User not found',
  'users.incorrect_username_or_password': 'Incorrect password or username',
  'users.credentials_validate_error': 'Authentication error',
  'users.user_not_authenticated': 'Authentication error',
  'users.too_many_attempts': 'Too many sign-in attempts, try again later',
  'users.logged_out': 'You have signed out',
  'users.cannot_delete_self': 'You cannot delete yourself',
  'users.incorrect_password': 'Incorrect password',
  'value_error.email': 'Enter a valid email address',
  value_error: 'Check the correctness of the entered data',
  'value_error.missing': 'Field is required',
  'value_error.url': 'Enter a valid URL',
  'value_error.uuid': 'Enter a valid identifier',
  'value_error.enum': 'Choose one of the allowed values',
  'value_error.extra': 'Unknown field',
  'value_error.list.max_items': 'At most {max} items are allowed',
  'value_error.menu_depth': 'The menu can have at most 3 levels',
  'value_error.unsafe_css': 'The style sheet must not contain the character <',
  'value_error.node_domain':
    'Use 1 to 63 Latin letters, digits and hyphens, not starting or ending with a hyphen',
  'value_error.any_str.max_length': 'Maximum number of characters: {max}',
  'value_error.any_str.min_length': 'Minimum number of characters: {min}',
  'value_error.json': 'Invalid JSON',
  'tasks.task_created': 'Task successfully created',
  'tasks.task_edited': 'Task edited',
  'tasks.task_not_found': 'Task not found',
  'tasks.task_conflict': 'The task was changed by someone else, reload it and try again',
  'boards.board_edited': 'Changes saved',
  'boards.board_not_edited': 'Changes not saved',
  'forms.form_edited': 'Changes saved',
  'forms.form_not_edited': 'Changes not saved',
  'forms.form_created': 'Form created',
  'forms.form_deleted': 'Form deleted',
  'forms.form_not_found': 'Form not found',
  'forms.form_already_exists': 'A form with this name already exists',
  'forms.form_conflict': 'The form was changed by someone else, reload it and try again',
  'forms.form_in_use':
    'The form creates and edits the tasks of a process: bind the process to another form first',
  'forms.form_bound': 'Form bound',
  'forms.form_unbound': 'Form unbound',
  'forms.unknown_field': 'There is no such field',
  'forms.field_repeated': 'This field is already on the form',
  'forms.unknown_tab': 'There is no such tab',
  'fields.field_created': 'Field created',
  'fields.field_edited': 'Changes saved',
  'fields.field_deleted': 'Field deleted',
  'fields.field_not_found': 'Field not found',
  'fields.field_already_exists': 'A field with this name already exists',
  'fields.field_name_overlaps':
    'This name overlaps the field {field}: a field cannot also be a group of fields',
  'fields.field_in_use': 'The field is used by the forms: {forms}',
  'fields.field_conflict': 'The field was changed by someone else, reload it and try again',
  'fields.system_field_readonly': 'System fields cannot be changed',
  'fields.system_field_not_deletable': 'System fields cannot be deleted',
  'attachments.attachment_deleted': 'Attachment deleted',
  'attachments.attachment_not_deleted': 'Attachment not deleted',
  'nodes.node_not_found': 'Node not found',
  'nodes.node_edited': 'Changes saved',
  'nodes.node_created': 'Node created',
  'nodes.node_already_exists': 'A node with this domain already exists',
  'nodes.user_bound': 'User bound to the node',
  'nodes.user_already_bound': 'User is already bound to the node',
  'nodes.node_conflict': 'The settings were changed by someone else, reload them and try again',
  'rights.forbidden': 'You do not have the right to do this',
  'rights.right_granted': 'Right granted',
  'rights.right_revoked': 'Right revoked',
  'rights.right_not_found': 'Right not found',
  'rights.cannot_revoke_own_admin': 'You cannot revoke your own administrator or access right',
  'rights.subject_required': 'Give either a user or a team, not both',
  'rights.attributes_not_allowed': 'This right takes no attributes',
  'teams.team_not_found': 'Team not found',
  'request.not_found': 'Nothing is here',
  'request.too_large': 'The request is too large',
  'request.too_many': 'Too many requests, try again later',
  'request.upstream_unavailable': 'The service is unavailable, try again later',
  'server.error': 'Something went wrong on our side',
  // Field values (spec §5): the form rules derived from a field's definition, under 'validation.{validator}'.
  'validation.required': 'Value is required',
  'validation.max_length': 'The maximum length allowed is {max}',
  'validation.min_length': 'This field should be at least {min} characters long',
  'validation.email': 'Value is not a valid email address',
  'value_error.number': 'Enter a number using digits only',
  'value_error.date': 'Enter a correct date',
  'value_error.phone': 'Enter a phone number as +7 (###) ###-##-##',
  'value_error.field_name':
    'Use lower-case Latin letters, digits and underscores; a custom field starts with cf_',
  // The task query language (PRODUCT.md §6). `code` is one of the first six; the finer reasons
  // ride along as the error's message key. Positions count from 1.
  'rql.syntax_error': 'The query has an error at position {position}',
  'rql.unknown_field': 'Unknown field {field} at position {position}',
  'rql.field_not_filterable': 'The field {field} cannot be searched (position {position})',
  'rql.field_not_sortable': 'Tasks cannot be sorted by {field} (position {position})',
  'rql.operator_not_allowed': 'The operator {operator} cannot be used with {field} (position {position})',
  'rql.invalid_value': 'The value at position {position} does not suit the field {field}',
  'rql.invalid_value.function': 'This function cannot be used with the field {field} (position {position})',
  'rql.invalid_value.empty': 'To find an empty {field}, write "is empty" (position {position})',
  'rql.syntax_error.unexpected_character':
    'Unexpected character at position {position}; put text in double quotes',
  'rql.syntax_error.unterminated_string': 'The quoted text starting at position {position} is not closed',
  'rql.syntax_error.invalid_escape':
    'In quoted text a backslash may only precede " or another backslash (position {position})',
  'rql.syntax_error.unknown_operator': 'Unknown operator at position {position}',
  'rql.syntax_error.expected_field': 'A field name is expected at position {position}',
  'rql.syntax_error.expected_operator': 'An operator is expected at position {position}',
  'rql.syntax_error.missing_value': 'A value is expected at position {position}',
  'rql.syntax_error.expected_list': 'A list of values in parentheses is expected at position {position}',
  'rql.syntax_error.list_not_allowed': 'A list of values needs "in" or "not in" (position {position})',
  'rql.syntax_error.empty_parentheses': 'The parentheses at position {position} are empty',
  'rql.syntax_error.expected_closing_parenthesis': 'A closing parenthesis is expected at position {position}',
  'rql.syntax_error.expected_empty': 'The word "empty" is expected at position {position}',
  'rql.syntax_error.expected_by': 'The word "by" is expected at position {position}',
  'rql.syntax_error.unknown_function': 'Unknown function at position {position}: use me(), today() or now()',
  'rql.syntax_error.trailing_input':
    'Unexpected text at position {position}: join conditions with "and" or "or"',
  'rql.syntax_error.too_complex': 'The query is too long or too deeply nested (position {position})',
} as const

export type CatalogueCode = keyof typeof catalogue

export function messageFor(code: string, params: Record<string, string | number> = {}): string {
  const text: string = (catalogue as Record<string, string>)[code] ?? catalogue.value_error
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`))
}

/** One entry of a response's `detail` list (PRODUCT.md §2). */
export interface DetailEntry {
  type: string
  msg: string
  loc?: (string | number)[]
  ctx?: Record<string, string | number>
}
