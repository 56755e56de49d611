import { FormAlert } from '@escrow/ui/components/form-field';
import { localText } from '../../i18n/use-seller-t.ts';

/** A section's outcome: its own success text (spec section 8) or the first failing message (the core's texts shown in the page's language). */
export type SectionOutcome = { tone: 'success' | 'error'; text: string } | null;

export function SectionStatus({ outcome }: { outcome: SectionOutcome }) {
  return outcome ? <FormAlert tone={outcome.tone}>{localText(outcome.text)}</FormAlert> : null;
}
