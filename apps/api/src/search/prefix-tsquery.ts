/**
 * SQL for a tsquery that matches what the user typed as word prefixes ('rep' finds 'report').
 * websearch_to_tsquery never fails on user text (quotes, &, |, :, \, unicode are all safe) and
 * parses it with the same 'simple' parser as the documents; its output quotes every lexeme
 * ('rep' & 'q1'), so appending :* after each quoted lexeme turns them into prefix terms. Inside a
 * lexeme a quote is written '' and never ends it, which the pattern accounts for.
 *
 * `param` is the placeholder of the text, e.g. '$2'.
 */
export const prefixTsQuery = (param: string) =>
  `regexp_replace(websearch_to_tsquery('simple', ${param})::text, '(''(?:[^'']|'''')*'')', '\\1:*', 'g')::tsquery`;
