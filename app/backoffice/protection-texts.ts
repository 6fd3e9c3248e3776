import { defineTexts } from './i18n.ts';

/** Names the verification screens share: statuses, reviewers, document kinds (English and French). */
export const verificationTexts = defineTexts({
  en: {
    not_started: 'Not started',
    pending: 'Waiting for review',
    approved: 'Approved',
    resubmission: 'New documents asked',
    rejected: 'Rejected',
    builtin: 'In-house',
    sumsub: 'Sumsub',
    identity_front: 'ID (front)',
    identity_back: 'ID (back)',
    proof_of_address: 'Proof of address',
    selfie: 'Selfie',
  },
  fr: {
    not_started: 'Non commencée',
    pending: 'En attente d’examen',
    approved: 'Approuvée',
    resubmission: 'Nouveaux documents demandés',
    rejected: 'Refusée',
    builtin: 'Interne',
    sumsub: 'Sumsub',
    identity_front: 'Pièce d’identité (recto)',
    identity_back: 'Pièce d’identité (verso)',
    proof_of_address: 'Justificatif de domicile',
    selfie: 'Selfie',
  },
});

export type VerificationTextKey = keyof (typeof verificationTexts)['en'];
export const STATUS_TONE = { not_started: 'neutral', pending: 'info', approved: 'good', resubmission: 'warn', rejected: 'bad' } as const;
