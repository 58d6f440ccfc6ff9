/** What a site's answers need besides partners, derived from its stored definitions. */
export interface ItemInfo {
  id: number;
  position: number;
  names: Map<string, string>;
}

export interface GroupInfo {
  id: number;
  key: string;
  position: number;
  showAsCategory: boolean;
  names: Map<string, string>;
  items: ItemInfo[];
}

export interface GlobalFilterInfo {
  id: number;
  name: string;
  partnerCount: number;
  labels: Map<string, string>;
  groups: GroupInfo[];
  /** Item id -> group id, for the groups this global filter shows. */
  itemGroup: Map<number, number>;
}

export interface SiteInfo {
  id: number;
  locales: string[];
  globalFilters: GlobalFilterInfo[];
  defaultGlobalFilter: GlobalFilterInfo | undefined;
  byName: Map<string, GlobalFilterInfo>;
}
