import { deleteDamageFileRoute, listDamageFilesRoute, uploadDamageFilesRoute } from './operations/damage-file-routes.js';
import { createDamage, damageActivity, deleteDamage, getDamage, listDamages, updateDamage } from './operations/damage-routes.js';

/** Damages (spec 02 §7 Damages). The safety authorities' picker is the catalog's GET companies/{id}/safety-authorities. */
export const damageRoutes = [listDamages, createDamage, getDamage, updateDamage, deleteDamage, damageActivity, uploadDamageFilesRoute, listDamageFilesRoute, deleteDamageFileRoute];
