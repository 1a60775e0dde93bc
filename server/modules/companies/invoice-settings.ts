import {
  basisPointsToPercent,
  DEFAULT_INVOICE_SETTINGS,
  percentToBasisPoints,
  type InvoiceSettings,
} from '../../../resources/company-invoice.js';
import { parseJson } from '../../lib/json.js';

/** How the settings sit in companies.invoice_settings: the retainage as integer basis points. */
interface StoredInvoiceSettings extends Omit<InvoiceSettings, 'defaultRetainagePercent'> {
  defaultRetainageBasisPoints: number;
}

export function storedInvoiceSettings(settings: InvoiceSettings): string {
  const { defaultRetainagePercent, ...rest } = settings;
  const stored: StoredInvoiceSettings = { ...rest, defaultRetainageBasisPoints: percentToBasisPoints(defaultRetainagePercent) };
  return JSON.stringify(stored);
}

/** The settings as the API answers them, with the defaults for anything never saved. */
export function invoiceSettingsView(text: string | null): InvoiceSettings {
  const { defaultRetainageBasisPoints, ...stored } = parseJson<Partial<StoredInvoiceSettings>>(text, {});
  return {
    ...DEFAULT_INVOICE_SETTINGS,
    ...stored,
    ...(Number.isInteger(defaultRetainageBasisPoints) ? { defaultRetainagePercent: basisPointsToPercent(defaultRetainageBasisPoints!) } : {}),
  };
}
