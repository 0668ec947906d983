/** `npm run partner:check` as a module: what its tests and other scripts use. */
export { runPartnerCheck, type CheckOptions } from './check';
export { FIELD_RULES, WRITE_ONLY_FIELDS } from './field-rules';
export { formatReport } from './format';
export { main } from './main';
export { CALL_BUDGET } from './run';
export type {
  CheckReport,
  MissingField,
  OperationReport,
  PetFreeReport,
  ReferenceMismatch,
  ReferenceReport,
  WriteProbeReport,
} from './types';
