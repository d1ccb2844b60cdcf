// Original file: proto/studio/v1/studio.proto


export interface Deleted {
  'id'?: (string);
  'deleted_at'?: (string);
}

export interface Deleted__Output {
  'id': (string);
  'deleted_at': (string);
}
