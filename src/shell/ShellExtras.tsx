import { useKeyboardShortcuts } from './keyboard-shortcuts';
import { KeyboardShortcutsHelp } from './KeyboardShortcutsHelp';
import { useShellPanels } from './panels';
import { SettingsDrawer } from './SettingsDrawer';
import { useShellCommands } from './shell-commands';
import { ShellTour } from './tour/ShellTour';

/** The shell's keyboard shortcuts, the settings drawer, the shortcuts help and the help tour. */
export function ShellExtras() {
  const panels = useShellPanels();
  const commands = useShellCommands();
  useKeyboardShortcuts((action) => {
    if (action === 'search') {
      panels.close();
      commands.focusSearch();
    } else if (action === 'help') commands.setHelpOpen(true);
    else panels.toggle(action);
  });
  return (
    <>
      <SettingsDrawer />
      <KeyboardShortcutsHelp />
      <ShellTour />
    </>
  );
}
