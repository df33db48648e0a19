/**
 * The domain layer: behaviour both API surfaces share, one module per resource family (the names
 * of rules/). Validation-then-commit: `plan*` functions only look; `commit*`/`create*`/`add*` write.
 * No HTTP here: callers turn outcomes into their API's status codes and shapes.
 */
export * from './agents.ts';
export * from './attachments.ts';
export * from './contacts.ts';
export * from './discussions.ts';
export * from './groups.ts';
export * from './notes.ts';
export * from './solutions.ts';
export * from './surveys.ts';
export * from './tickets.ts';
export * from './time-entries.ts';
