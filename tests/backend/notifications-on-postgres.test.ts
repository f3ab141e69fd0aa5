/**
 * The outbox and the worker once more, on a PostgreSQL set up as a new hosted project (explicit
 * grants only, pg-safeupdate in every API session), where PGlite cannot hold them to those rules.
 * The harness reads the database to use when it loads, so the suites come in after the setting.
 */
export {};

process.env.LOCAL_BACKEND_TEST_DATABASE = "PostgreSQL";
await import("./notifications-outbox.test");
await import("./notifications-worker.test");
