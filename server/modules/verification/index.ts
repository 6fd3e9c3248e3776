/** Identity verification (KYC, docs/verification.md): documents, statuses, the review, Sumsub, the withdrawal gate. */
export { createVerification, type Verification, type VerificationCaseChange, type VerificationDeps } from './service.ts';
export { createReviewDesk, type QueueFilter, type QueueRow, type ReviewDesk, type StaffDocumentRow } from './review.ts';
export { createDocumentFiles, type DocumentFiles } from './files.ts';
export { createSumsubClient, digestPayload, signRequest, externalUserIdOf, type SumsubClient, type SumsubConfig } from './sumsub.ts';
export { inspectDocument, InspectionError } from './inspect.ts';
export { verificationRoutes } from './routes.ts';
export { verificationText, formatBytes } from './texts.ts';
