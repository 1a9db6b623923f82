import { useGetCatalogue } from '@/api/generated/catalogue/catalogue';
import type { Catalogue } from '@/api/generated/model';

export type CatalogueLevel = Catalogue['levels'][number];
export type CatalogueRegion = Catalogue['regions'][number];

/**
 * The catalogue (levels, grades, subjects, regions, districts, areas) from GET /catalogue:
 * the single source of every form and filter; the frontend keeps no copy of it.
 * It changes with releases only, so it is fetched once per page load.
 */
export function useCatalogue() {
  return useGetCatalogue({
    swr: {
      revalidateIfStale: false,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
    },
  });
}

export function findLevel(catalogue: Catalogue | undefined, key: string): CatalogueLevel | undefined {
  return catalogue?.levels.find((level) => level.key === key);
}

export function findRegion(catalogue: Catalogue | undefined, name: string): CatalogueRegion | undefined {
  return catalogue?.regions.find((region) => region.name === name);
}

export function districtsOf(region: CatalogueRegion | undefined): string[] {
  return region?.districts.map((district) => district.name) ?? [];
}

export function areasOf(region: CatalogueRegion | undefined): string[] {
  return region?.districts.flatMap((district) => district.areas) ?? [];
}
