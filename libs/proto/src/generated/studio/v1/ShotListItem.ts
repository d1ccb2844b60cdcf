// Original file: proto/studio/v1/studio.proto


export interface ShotListItem {
  'id'?: (string);
  'label'?: (string);
  'position'?: (number);
  'done'?: (boolean);
  'done_at'?: (string);
}

export interface ShotListItem__Output {
  'id': (string);
  'label': (string);
  'position': (number);
  'done': (boolean);
  'done_at': (string);
}
