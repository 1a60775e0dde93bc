import type { ResourceDef } from '../../resources/engine';

/** Refine meta for a resource's API paths, with the active company put in. */
export function resourceMeta(def: ResourceDef, companyId: number | null | undefined) {
  const company = String(companyId ?? '');
  return {
    path: def.paths.list.replace(':companyId', company),
    itemPath: def.paths.item.replace(':companyId', company),
    ...(def.paths.delete ? { deletePath: def.paths.delete.replace(':companyId', company) } : {}),
  };
}
