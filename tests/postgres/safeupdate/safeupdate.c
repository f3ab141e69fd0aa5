/*
 * What hosted Supabase's API sessions load as pg-safeupdate (authenticator's
 * session_preload_libraries = 'supautils, safeupdate'), written for the tests here because Debian
 * does not package it: after parse analysis, an UPDATE or DELETE without a WHERE clause is an
 * error with SQLSTATE 21000, at the top level, in a data-modifying WITH, and in any statement a
 * function runs (PL/pgSQL's statements are parsed through the same hook). `safeupdate.enabled`
 * turns it off, as in the original.
 */
#include "postgres.h"

#include "fmgr.h"
#include "nodes/parsenodes.h"
#include "parser/analyze.h"
#include "utils/guc.h"

PG_MODULE_MAGIC;

void _PG_init(void);

static post_parse_analyze_hook_type previous_hook = NULL;
static bool enabled = true;

static void
require_where(Query *query)
{
	ListCell   *cell;

	if ((query->commandType == CMD_UPDATE || query->commandType == CMD_DELETE) &&
		query->jointree != NULL && query->jointree->quals == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_CARDINALITY_VIOLATION),
				 errmsg("%s requires a WHERE clause",
						query->commandType == CMD_UPDATE ? "UPDATE" : "DELETE")));

	foreach(cell, query->cteList)
	{
		CommonTableExpr *cte = lfirst_node(CommonTableExpr, cell);

		if (IsA(cte->ctequery, Query))
			require_where((Query *) cte->ctequery);
	}
}

static void
check_statement(ParseState *pstate, Query *query, JumbleState *jstate)
{
	if (enabled)
		require_where(query);
	if (previous_hook)
		previous_hook(pstate, query, jstate);
}

void
_PG_init(void)
{
	DefineCustomBoolVariable("safeupdate.enabled",
							 "Refuse UPDATE and DELETE without a WHERE clause.",
							 NULL, &enabled, true, PGC_USERSET, 0, NULL, NULL, NULL);
	previous_hook = post_parse_analyze_hook;
	post_parse_analyze_hook = check_statement;
}
