/**
 * Identity verification (KYC, docs/verification.md) as the API answers it and the page shows it.
 */

/** What a player may upload: an identity document (front, back), a proof of address, a selfie. */
export const DOCUMENT_KINDS = ['identity_front', 'identity_back', 'proof_of_address', 'selfie'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const isDocumentKind = (value: unknown): value is DocumentKind => DOCUMENT_KINDS.includes(value as DocumentKind);

/**
 * not_started: nothing sent yet; pending: sent, waiting for a review; approved: verified;
 * resubmission: rejected with a reason, new documents are asked for; rejected: rejected for good.
 */
export const VERIFICATION_STATUSES = ['not_started', 'pending', 'approved', 'resubmission', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The file types accepted, as the browser's file picker is told (the server checks the bytes). */
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

/** Live event type on the player's topic when a review decides (the page reads its status again). */
export const VERIFICATION_LIVE_EVENT = 'verification';

export type VerificationLiveMessage = { status: VerificationStatus; reason: string | null };

export type VerificationDocumentView = {
  id: string;
  kind: DocumentKind;
  /** draft: uploaded, not yet sent; submitted: under review; approved / rejected by the review. */
  status: 'draft' | 'submitted' | 'approved' | 'rejected';
  content_type: string;
  size: number;
  name: string;
  uploaded_at: string;
  /** The file, for its owner only (cookie session). */
  url: string;
};

/** verification/get. */
export type VerificationView = {
  status: VerificationStatus;
  /** builtin: upload here, reviewed by operators; sumsub: through Sumsub's web SDK. */
  provider: 'builtin' | 'sumsub';
  /** The reviewer's reason when rejected or asked to resubmit. */
  reason: string | null;
  submitted_at: string | null;
  reviewed_at: string | null;
  required: DocumentKind[];
  optional: DocumentKind[];
  /** The live documents: the latest of each kind in this round, and the reviewed ones before it. */
  documents: VerificationDocumentView[];
  can_upload: boolean;
  can_submit: boolean;
  max_bytes: number;
  accept: readonly string[];
  /** Whether withdrawals wait for an approved verification, and from what lifetime amount. */
  withdrawal: { gated: boolean; threshold: { amount: string; currency: string } | null };
};

/** Sumsub's WebSDK builder script (loaded by the verification page while Sumsub verifies players; allowed by the CSP then). */
export const SUMSUB_SDK_SCRIPT = 'https://static.sumsub.com/idensic/static/sns-websdk-builder.js';
