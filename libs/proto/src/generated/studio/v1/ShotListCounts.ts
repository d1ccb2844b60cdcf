// Original file: proto/studio/v1/studio.proto


export interface ShotListCounts {
  'total'?: (number);
  'done'?: (number);
}

export interface ShotListCounts__Output {
  'total': (number);
  'done': (number);
}
