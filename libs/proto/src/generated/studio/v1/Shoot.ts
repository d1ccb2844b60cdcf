// Original file: proto/studio/v1/studio.proto

import type { ShotListCounts as _studio_v1_ShotListCounts, ShotListCounts__Output as _studio_v1_ShotListCounts__Output } from '../../studio/v1/ShotListCounts.js';
import type { ShotListItem as _studio_v1_ShotListItem, ShotListItem__Output as _studio_v1_ShotListItem__Output } from '../../studio/v1/ShotListItem.js';

/**
 * A shoot as the API shows it (docs/decisions/0001). Absent optional values are "".
 */
export interface Shoot {
  'id'?: (string);
  'workspace_id'?: (string);
  'title'?: (string);
  'slug'?: (string);
  /**
   * planned | completed | cancelled
   */
  'state'?: (string);
  'client_id'?: (string);
  'scheduled_start'?: (string);
  'scheduled_end'?: (string);
  'created_at'?: (string);
  'location'?: (string);
  'completed_at'?: (string);
  'updated_at'?: (string);
  'shot_list'?: (_studio_v1_ShotListCounts | null);
  'shot_list_items'?: (_studio_v1_ShotListItem)[];
}

/**
 * A shoot as the API shows it (docs/decisions/0001). Absent optional values are "".
 */
export interface Shoot__Output {
  'id': (string);
  'workspace_id': (string);
  'title': (string);
  'slug': (string);
  /**
   * planned | completed | cancelled
   */
  'state': (string);
  'client_id': (string);
  'scheduled_start': (string);
  'scheduled_end': (string);
  'created_at': (string);
  'location': (string);
  'completed_at': (string);
  'updated_at': (string);
  'shot_list': (_studio_v1_ShotListCounts__Output | null);
  'shot_list_items': (_studio_v1_ShotListItem__Output)[];
}
