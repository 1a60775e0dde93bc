import { useInfiniteList } from '@refinedev/core';
import { useEffect, useMemo } from 'react';
import type { ItemCategory } from '../../../resources/item-categories';
import { itemCategories } from '../../../resources/item-categories';
import { useResource } from '../../engine/useResource';
import { buildTree } from './category-tree';

const PAGE = 200;

/**
 * Every category of the active company, loaded page by page (the API pages at most 200 rows), and
 * the tree they form. Refine's own cache key, so creating, saving or deleting a category refreshes it.
 */
export function useAllCategories() {
  const { meta } = useResource(itemCategories);
  const { result, query } = useInfiniteList<ItemCategory>({
    resource: itemCategories.name,
    meta,
    pagination: { pageSize: PAGE },
    sorters: [{ field: 'name', order: 'asc' }],
    errorNotification: false,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const categories = useMemo(() => (result.data?.pages ?? []).flatMap((p) => p.data), [result.data]);
  const tree = useMemo(() => buildTree(categories), [categories]);
  return {
    categories,
    tree,
    isLoading: query.isLoading || (hasNextPage ?? false),
    isError: query.isError,
    error: query.error,
    refetch: query.refetch,
  };
}
