import type { ReactNode } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';
import styles from './tabs.module.css';

export interface TabItem {
  readonly value: string;
  /** The tab's name, also its panel's accessible name. */
  readonly label: string;
  /** Mounted only while its tab is selected. */
  readonly content: ReactNode;
}

interface TabsProps {
  /** Names the list of tabs for screen readers ('Admin sections'). */
  label: string;
  items: readonly TabItem[];
  /** The tab selected first (uncontrolled), or the selected tab with `onValueChange` (controlled). */
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
}

/**
 * The kit's tabs (decision 0061) on Radix Tabs: the arrow keys move between tabs and select the
 * one they reach, Home and End go to the first and last, Tab moves into the panel. Only the
 * selected panel is mounted. On a phone the tabs share the width and wrap onto a second line
 * rather than scroll sideways.
 */
export function Tabs({ label, items, defaultValue, value, onValueChange }: TabsProps) {
  return (
    <RadixTabs.Root defaultValue={defaultValue ?? items[0]?.value} value={value} onValueChange={onValueChange} className={styles.root}>
      <RadixTabs.List className={styles.list} aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} className={styles.trigger}>
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className={styles.panel}>
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
