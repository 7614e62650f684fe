/**
 * The tab's sections, in order. Adding a section is one entry here (its id also goes into
 * SectionId in services/settings-api.ts): a component that takes the view and the clock.
 */
import type { Component } from 'svelte';
import type { SectionId, SettingsView } from '../services/settings-api.ts';
import AccessSection from './AccessSection.svelte';
import ChangeJournalSection from './ChangeJournalSection.svelte';
import CommandsSection from './CommandsSection.svelte';
import HiddenFoldersSection from './HiddenFoldersSection.svelte';
import SemanticSection from './SemanticSection.svelte';
import ServerSection from './ServerSection.svelte';
import ToolLoadingSection from './ToolLoadingSection.svelte';
import ToolsSection from './ToolsSection.svelte';

export interface SectionProps {
  view: SettingsView;
  /** Milliseconds since the epoch, ticking every second (uptime, last seen). */
  now: number;
}

export interface Section {
  id: SectionId;
  component: Component<SectionProps>;
}

export const SECTIONS: readonly Section[] = [
  { id: 'server', component: ServerSection },
  { id: 'access', component: AccessSection },
  { id: 'tool-loading', component: ToolLoadingSection },
  { id: 'tools', component: ToolsSection },
  { id: 'hidden-folders', component: HiddenFoldersSection },
  { id: 'commands', component: CommandsSection },
  { id: 'semantic', component: SemanticSection },
  { id: 'change-journal', component: ChangeJournalSection },
];
