import { cloneElement, type ReactElement } from 'react';

/** Width of a grid's actions column: room for two icons, or on a phone the one menu button that holds them all. */
export const actionsWidth = (phone: boolean) => (phone ? 52 : 110);

/** A row's actions as the grid shows them: on a phone all go in the row's menu, so the column stays one button wide. */
export const rowActions = (phone: boolean, actions: ReactElement<{ showInMenu?: boolean }>[]) =>
  phone ? actions.map((action) => cloneElement(action, { showInMenu: true })) : actions;
