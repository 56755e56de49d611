import type { Catalog } from '@escrow/ui/i18n/i18n';
import { registerCatalog } from '@escrow/ui/i18n/i18n';
import { useT } from '@escrow/ui/i18n/react';
import type { UiTextId } from '@escrow/ui/i18n/ui-texts';
import { shellEn, type ShellMessageId } from './en.ts';

/** The site's frame and landing page: English in the bundle, Swahili a chunk of its own fetched when chosen. */
export const shellCatalog: Catalog<ShellMessageId> = { en: shellEn, sw: () => import('./sw.ts').then((module) => module.default) };

// The frame shows on every page: its texts are there before the first render.
registerCatalog(shellCatalog);

/** Every text the frame may show: its own and the kit's (the spec's catalogue). */
export type ShellText = ShellMessageId | UiTextId;

/** `t` for the frame and the landing page, typed to their texts. */
export const useShellT = () => useT<ShellText>();
