import { companyActivity } from './operations/company-activity.js';
import { createCompany } from './operations/create-company.js';
import { deleteCompany } from './operations/delete-company.js';
import { getCompany } from './operations/get-company.js';
import { listCompanies } from './operations/list-companies.js';
import { listSubCompanies } from './operations/list-sub-companies.js';
import { saveInvoiceSettings } from './operations/save-invoice-settings.js';
import { updateCompany } from './operations/update-company.js';
import { uploadCompanyLogo } from './operations/upload-logo.js';

export const companyRoutes = [listCompanies, getCompany, createCompany, updateCompany, deleteCompany, companyActivity, uploadCompanyLogo, saveInvoiceSettings, listSubCompanies];
