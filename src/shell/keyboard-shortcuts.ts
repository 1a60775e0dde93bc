import { useEffect, useRef } from 'react';

/** What a shell keyboard shortcut does. */
export type ShortcutAction = 'search' | 'chat' | 'quick' | 'settings' | 'help';

export interface KeyboardShortcut {
  action: ShortcutAction | null;
  keys: string[];
  description: string;
}

/**
 * Every keyboard shortcut of the shell, as the "Keyboard shortcuts" help lists them. Alt combinations
 * are matched by the physical key (event.code), since Alt+S types "ß" on a Mac; Escape is each
 * panel's and dialog's own, listed here so the help tells of it.
 */
export const KEYBOARD_SHORTCUTS: KeyboardShortcut[] = [
  { action: 'search', keys: ['Ctrl+K', '/'], description: 'Search the screens' },
  { action: 'chat', keys: ['Alt+C'], description: 'Open or close the team chat' },
  { action: 'quick', keys: ['Alt+Q'], description: 'Open or close the quick panel' },
  { action: 'settings', keys: ['Alt+S'], description: 'Open or close the settings' },
  { action: 'help', keys: ['?'], description: 'Show these keyboard shortcuts' },
  { action: null, keys: ['Esc'], description: 'Close the open panel, menu or search' },
];

type KeyInfo = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** The action a key press asks for, or null. */
export function matchShortcut(e: KeyInfo): ShortcutAction | null {
  const command = e.ctrlKey || e.metaKey;
  if (command && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') return 'search';
  if (e.altKey && !command) {
    if (e.code === 'KeyC') return 'chat';
    if (e.code === 'KeyQ') return 'quick';
    if (e.code === 'KeyS') return 'settings';
    return null;
  }
  if (command || e.altKey) return null;
  if (e.key === '/') return 'search';
  if (e.key === '?') return 'help';
  return null;
}

const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);
/** Widgets where a printable key means something (typing into a grid cell starts editing it, lists jump by letter). */
const TYPED_ROLES = new Set(['textbox', 'combobox', 'searchbox', 'spinbutton', 'grid', 'gridcell', 'treegrid', 'tree', 'treeitem', 'listbox', 'option', 'columnheader']);

/**
 * True where the key goes into text the user is writing (inputs, text areas, selects, editable
 * content, comboboxes) or into a widget that reads keys itself (a data grid's cells, trees, lists):
 * shortcuts never take a key from there, so "/" and "?" stay typeable.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  const role = target.getAttribute('role');
  return !!role && TYPED_ROLES.has(role);
}

/**
 * While a dialog, a menu or the tour holds the focus (or a dialog is open at all) the shell's
 * shortcuts stay out of the way. Side drawers (the chat, the quick panel, the settings) still
 * answer, so Alt+S closes the settings it opened and Alt+C goes from the settings to the chat.
 */
function insideDialog(target: EventTarget | null): boolean {
  if (document.querySelector('.MuiDialog-root')) return true;
  if (!(target instanceof Element)) return false;
  const modal = target.closest('.MuiModal-root');
  if (modal) return !modal.classList.contains('MuiDrawer-root');
  return !!target.closest('[role="dialog"], [role="alertdialog"]');
}

/** Listens on the window for the shell's shortcuts and hands each to `onAction`. */
export function useKeyboardShortcuts(onAction: (action: ShortcutAction) => void): void {
  const handler = useRef(onAction);
  handler.current = onAction;
  useEffect(() => {
    const listen = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.repeat || isTypingTarget(e.target) || insideDialog(e.target)) return;
      const action = matchShortcut(e);
      if (!action) return;
      e.preventDefault();
      handler.current(action);
    };
    window.addEventListener('keydown', listen);
    return () => window.removeEventListener('keydown', listen);
  }, []);
}
