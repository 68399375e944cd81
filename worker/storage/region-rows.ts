/**
 * The store's cities as rows of the regions table: configuration, not catalogue. The demo seed writes them, and a
 * catalogue import into a database that was never seeded adds them (worker/storage/catalogue-sql.ts); neither changes
 * them afterwards. Their ids are app.config.ts `regionIds`.
 */
import type { RegionRow } from '../../src/domain/catalogue'

/** docs/decisions/0006-where-the-spec-is-silent.md: the list order is the ordering map. */
export const regions: RegionRow[] = [
  [1101, 'الرياض', 'Riyadh', 2],
  [1102, 'جدة', 'Jeddah', 2],
  [1103, 'مكة المكرمة', 'Makkah', 2],
  [1104, 'المدينة المنورة', 'Madinah', 3],
  [1105, 'الدمام', 'Dammam', 2],
  [1106, 'الخبر', 'Khobar', 2],
  [1109, 'الظهران', 'Dhahran', 3],
  [1110, 'بريدة', 'Buraidah', 3],
  [1111, 'أبها', 'Abha', 4],
  [1112, 'تبوك', 'Tabuk', 4],
  [1113, 'حائل', 'Hail', 4],
  [1114, 'جازان', 'Jazan', 5],
  [1115, 'نجران', 'Najran', 5],
  [1116, 'الأحساء', 'Al Ahsa', 1],
].map(([id, ar, en, lead], position) => ({
  id: id as number,
  label_ar: ar as string,
  label_en: en as string,
  position,
  delivery_lead_days: lead as number,
  delivery_date_count: 3,
}))
