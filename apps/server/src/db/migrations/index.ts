import type { Migration } from "kysely/migration";
import * as m0001 from "./0001_initial.ts";
import * as m0002 from "./0002_seed_articles.ts";
import * as m0003 from "./0003_accounts.ts";
import * as m0004 from "./0004_storage.ts";
import * as m0005 from "./0005_profile_settings.ts";
import * as m0006 from "./0006_contact_notifications.ts";
import * as m0007 from "./0007_kdf_params.ts";
import * as m0008 from "./0008_legacy_contacts.ts";
import * as m0009 from "./0009_legacy_plans.ts";
import * as m0010 from "./0010_release_engine.ts";
import * as m0011 from "./0011_page_views.ts";
import * as m0012 from "./0012_storage_listing_index.ts";
import * as m0013 from "./0013_storage_listing_version.ts";
import * as m0014 from "./0014_signed_one_click_links.ts";
import * as m0015 from "./0015_standing_check_in_reminder.ts";
import * as m0016 from "./0016_plan_history_chain.ts";

/**
 * Every migration, in order. Listed by hand rather than read from the folder so bundling or a stray file can never
 * change what runs. Append only.
 */
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_seed_articles": m0002,
  "0003_accounts": m0003,
  "0004_storage": m0004,
  "0005_profile_settings": m0005,
  "0006_contact_notifications": m0006,
  "0007_kdf_params": m0007,
  "0008_legacy_contacts": m0008,
  "0009_legacy_plans": m0009,
  "0010_release_engine": m0010,
  "0011_page_views": m0011,
  "0012_storage_listing_index": m0012,
  "0013_storage_listing_version": m0013,
  "0014_signed_one_click_links": m0014,
  "0015_standing_check_in_reminder": m0015,
  "0016_plan_history_chain": m0016,
};
