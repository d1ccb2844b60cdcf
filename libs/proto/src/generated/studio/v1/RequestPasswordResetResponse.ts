// Original file: proto/studio/v1/studio.proto


export interface RequestPasswordResetResponse {
}

export interface RequestPasswordResetResponse__Output {
}
