// Original file: proto/studio/v1/studio.proto


export interface UpdateShootRequest {
  'workspace_id'?: (string);
  'shoot_id'?: (string);
  'title'?: (string);
  'location'?: (string);
  'scheduled_start'?: (string);
  'scheduled_end'?: (string);
  '_title'?: "title";
  '_location'?: "location";
  '_scheduled_start'?: "scheduled_start";
  '_scheduled_end'?: "scheduled_end";
}

export interface UpdateShootRequest__Output {
  'workspace_id': (string);
  'shoot_id': (string);
  'title'?: (string);
  'location'?: (string);
  'scheduled_start'?: (string);
  'scheduled_end'?: (string);
  '_title'?: "title";
  '_location'?: "location";
  '_scheduled_start'?: "scheduled_start";
  '_scheduled_end'?: "scheduled_end";
}
