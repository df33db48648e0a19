/** src/verify: the dual-call verifier (see README "hdmigrate verify"). */
export { compareBodies, compareObservation, sameInstant, type FieldDiff, type Comparison } from './diff.ts';
export { judgeField, NoiseList, NoiseFileError, DEFAULT_THRESHOLDS, type Thresholds } from './noise.ts';
export { RESOURCES, RESOURCE_NAMES, findResource, parseIdList, sampleIds, type ResourceSpec } from './resources.ts';
export { observe, type Sides, type Requester, type Observation } from './observe.ts';
export { StateFile, StateFileError, readState, type RunIdentity } from './state.ts';
export { runVerify, VerifyAbortedError, ListIdsError, type Selection } from './runner.ts';
export { buildReport, type VerifyReport } from './report.ts';
export { renderTerminal, renderJson, renderMarkdown, renderHtml } from './render.ts';
export { learnOverlay, deriveOverlay } from './learn.ts';
export { redactValue, redactText } from './redact.ts';
