/**
 * An import's problems in the staff member's language (docs/catalogue-import.md, "In the console"): each reason of
 * ./catalogue-file.ts `importReasons` is a message of both languages. Apart from the file's reader because the
 * command and the seed run it under Node, where the compiled messages do not load.
 */
import type { Locale } from '../../app.config'
import { m } from '../../src/paraglide/messages.js'
import type { ImportProblem, ImportReason, importReasons } from './catalogue-file'

type Say = (values: ImportReason['values'], options: { locale: Locale }) => string

// Each message takes its own values; the reason carries them by name, as the file's reader put them.
export const reasonMessages = {
  csv_text_after_quote: m.import_problem_csv_text_after_quote,
  csv_quote_unquoted: m.import_problem_csv_quote_unquoted,
  csv_quote_unclosed: m.import_problem_csv_quote_unclosed,
  region_pair: m.import_problem_region_pair,
  option_values_count: m.import_problem_option_values_count,
  variant_pair: m.import_problem_variant_pair,
  missing: m.import_problem_missing,
  invalid: m.import_problem_invalid,
  category_twice: m.import_problem_category_twice,
  no_category: m.import_problem_no_category,
  category_loop: m.import_problem_category_loop,
  remove_unknown: m.import_problem_remove_unknown,
  sku_twice: m.import_problem_sku_twice,
  variant_categories: m.import_problem_variant_categories,
  missing_for_new: m.import_problem_missing_for_new,
  url_key_taken_row: m.import_problem_url_key_taken_row,
  url_key_taken_store: m.import_problem_url_key_taken_store,
  must_be_arabic: m.import_problem_must_be_arabic,
  unknown_region_of: m.import_problem_unknown_region_of,
  unknown_region: m.import_problem_unknown_region,
  service_price: m.import_problem_service_price,
  option_twice: m.import_problem_option_twice,
  special_price_range: m.import_problem_special_price_range,
  window_without_price: m.import_problem_window_without_price,
  not_calendar_day: m.import_problem_not_calendar_day,
  window_backwards: m.import_problem_window_backwards,
  variant_has_options: m.import_problem_variant_has_options,
  own_variant: m.import_problem_own_variant,
  parent_is_variant: m.import_problem_parent_is_variant,
  no_parent: m.import_problem_no_parent,
  no_option: m.import_problem_no_option,
  option_value_missing: m.import_problem_option_value_missing,
  not_option_value: m.import_problem_not_option_value,
  variant_repeated: m.import_problem_variant_repeated,
  file_empty: m.import_problem_file_empty,
  column_missing: m.import_problem_column_missing,
  unknown_column: m.import_problem_unknown_column,
  column_twice: m.import_problem_column_twice,
  field_count: m.import_problem_field_count,
  not_json: m.import_problem_not_json,
  must_be_array: m.import_problem_must_be_array,
} as unknown as Record<keyof typeof importReasons, Say>

/** A problem's reason in `locale`, or its English words when it has none (the file's own shape). */
export function problemText(problem: ImportProblem, locale: Locale): string {
  const say = problem.reason && reasonMessages[problem.reason.key]
  return say ? say(problem.reason!.values, { locale }) : problem.message
}
