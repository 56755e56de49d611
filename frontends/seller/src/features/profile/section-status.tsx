import { FormAlert } from '@escrow/ui/components/form-field';

/** A section's outcome: its own success text (spec section 8) or the first failing message. */
export type SectionOutcome = { tone: 'success' | 'error'; text: string } | null;

export function SectionStatus({ outcome }: { outcome: SectionOutcome }) {
  return outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null;
}
