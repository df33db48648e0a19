/**
 * Named value converters used by lens `convert` and `mapKeys` ops. Each one has a v1 → v2
 * (`forward`) and a v2 → v1 (`backward`) function and says whether the pair is exact. A value a
 * converter cannot carry is reported through `ctx.report`, which makes that particular
 * translation `lossy` or `manual` even when its rule is usually exact. The converters live in
 * converters/ by domain; this is the registry rules name them in.
 */
import type { Converter, KeyConverter } from './converters/types.ts';
import type { Issue, Overlay } from './types.ts';
import * as values from './converters/values.ts';
import * as text from './converters/text.ts';
import * as time from './converters/time.ts';
import * as keys from './converters/keys.ts';
import * as tickets from './converters/tickets.ts';
import * as people from './converters/people.ts';
import * as community from './converters/community.ts';

export type { Converter, ConvertContext, KeyConverter } from './converters/types.ts';
export { splitCommaList } from './converters/values.ts';
export { textToHtml, htmlToText } from './converters/text.ts';
export { parseOffset, formatOffset, parseInstant, formatUtc, formatWithOffset, UNASSIGNED_FOR, hhmmToMinutes } from './converters/time.ts';
export { TICKET_FILTERS } from './converters/tickets.ts';

const { commaList, commaIntList, numberToString, stringToNumber, zeroOneToBoolean, looseBoolean } = values;
const { textToHtmlConverter, tagObjects } = text;
const { offsetToUtc, secondsToUnassignedFor, hhmmToTimeSpent, decimalHoursToHhmm } = time;
const { ticketCustomFieldKey, prefixedKey } = keys;
const { ticketFilter, attachmentUploads, ticketSourceOnCreate, ticketFieldName, surveyRating, ticketType } = tickets;
const { contactQuery, agentQuery, contactState, agentState, autoTicketAssign, agentObjectsToIds } = people;
const { topicStampType, folderVisibility, customerIdObjects, companyFieldName } = community;

export const CONVERTERS: Record<string, Converter> = {
  commaList,
  commaIntList,
  numberToString,
  stringToNumber,
  zeroOneToBoolean,
  looseBoolean,
  textToHtml: textToHtmlConverter,
  tagObjects,
  offsetToUtc,
  secondsToUnassignedFor,
  hhmmToTimeSpent,
  decimalHoursToHhmm,
  surveyRating,
  ticketFilter,
  attachmentUploads,
  ticketSourceOnCreate,
  ticketFieldName,
  ticketType,
  contactQuery,
  agentQuery,
  contactState,
  agentState,
  autoTicketAssign,
  agentObjectsToIds,
  topicStampType,
  folderVisibility,
  customerIdObjects,
  companyFieldName,
};

export const KEY_CONVERTERS: Record<string, KeyConverter> = {
  ticketCustomFieldKey,
  contactCustomFieldKey: prefixedKey('contactFields'),
  companyCustomFieldKey: prefixedKey('companyFields'),
};

/**
 * A key of an object whose keys v2 renames (custom fields), as v2 names it, and what the converter
 * could not say with certainty (an account id suffix the overlay's `accountId` does not match).
 * One place for the payload rewriter, the read rewriter and the audit's read advice.
 */
export function convertKey(converter: string, key: string, overlay: Overlay, path: string): { value: string; issues: Array<{ fidelity: Issue['fidelity']; message: string }> } {
  const issues: Array<{ fidelity: Issue['fidelity']; message: string }> = [];
  const c = KEY_CONVERTERS[converter];
  if (!c) return { value: key, issues: [{ fidelity: 'manual', message: `unknown key converter ${converter}` }] };
  const value = c.forward(key, { overlay, kind: 'request', path, report: (fidelity, message) => issues.push({ fidelity, message }) });
  return { value, issues };
}

