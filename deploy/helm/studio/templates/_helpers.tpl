{{/*
Shared helpers. Every per-deployable template loops over .Values.deployables and calls these with
(dict "root" $ "name" $name "d" $d), so the eight deployables share one definition of each object.
*/}}

{{- define "studio.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "studio.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "studio.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Object name of one deployable: <fullname>-<name>. Arg: dict root name. */}}
{{- define "studio.componentName" -}}
{{- printf "%s-%s" (include "studio.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "studio.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "studio.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* Labels common to every object. Arg: root. */}}
{{- define "studio.labels" -}}
helm.sh/chart: {{ include "studio.chart" . }}
app.kubernetes.io/name: {{ include "studio.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: studio
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* Selector labels of one deployable's pods. Arg: dict root name. */}}
{{- define "studio.selectorLabels" -}}
app.kubernetes.io/name: {{ include "studio.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* All labels of one deployable's objects. Arg: dict root name. */}}
{{- define "studio.componentLabels" -}}
{{ include "studio.labels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/*
Image reference: <registry>/<repository>@<digest> when deployables.<name>.image.digest is set (the tag is then
ignored), else <registry>/<repository>:<tag>. Arg: dict root d.
*/}}
{{- define "studio.image" -}}
{{- $repo := .d.image.repository -}}
{{- if .root.Values.image.registry -}}
{{- $repo = printf "%s/%s" (trimSuffix "/" .root.Values.image.registry) .d.image.repository -}}
{{- end -}}
{{- if .d.image.digest -}}
{{- printf "%s@%s" $repo .d.image.digest -}}
{{- else -}}
{{- printf "%s:%s" $repo (.d.image.tag | default .root.Values.image.tag | default .root.Chart.AppVersion) -}}
{{- end -}}
{{- end -}}

{{/*
One probe of a deployable's container: pod.probes.<kind> with deployables.<name>.probes.<kind> merged over it; empty
when the merged probe has `enabled: false`. Always on the admin port. Arg: dict root d kind.
*/}}
{{- define "studio.probe" -}}
{{- $p := mergeOverwrite (deepCopy (get .root.Values.pod.probes .kind)) (get (.d.probes | default dict) .kind | default dict) -}}
{{- if $p.enabled -}}
httpGet: { path: {{ $p.path }}, port: admin }
{{- with $p.initialDelaySeconds }}
initialDelaySeconds: {{ . }}
{{- end }}
periodSeconds: {{ $p.periodSeconds }}
timeoutSeconds: {{ $p.timeoutSeconds }}
failureThreshold: {{ $p.failureThreshold }}
{{- end -}}
{{- end -}}

{{/*
A deployable's affinity: its own `affinity`, else pod.affinity, else the preset (its replicas preferably on
different nodes, weight pod.antiAffinityWeight; none at weight 0). Arg: dict root name d.
*/}}
{{- define "studio.affinity" -}}
{{- if .d.affinity -}}
{{- tpl (toYaml .d.affinity) .root -}}
{{- else if .root.Values.pod.affinity -}}
{{- tpl (toYaml .root.Values.pod.affinity) .root -}}
{{- else if gt (int .root.Values.pod.antiAffinityWeight) 0 -}}
podAntiAffinity:
  preferredDuringSchedulingIgnoredDuringExecution:
    - weight: {{ .root.Values.pod.antiAffinityWeight }}
      podAffinityTerm:
        topologyKey: kubernetes.io/hostname
        labelSelector:
          matchLabels:
            {{- include "studio.selectorLabels" . | nindent 12 }}
{{- end -}}
{{- end -}}

{{/*
A deployable's topology spread: its own `topologySpreadConstraints`, else pod.topologySpreadConstraints, else the
preset of pod.topologySpread (over zones) when enabled. Arg: dict root name d.
*/}}
{{- define "studio.topologySpread" -}}
{{- if .d.topologySpreadConstraints -}}
{{- tpl (toYaml .d.topologySpreadConstraints) .root -}}
{{- else if .root.Values.pod.topologySpreadConstraints -}}
{{- tpl (toYaml .root.Values.pod.topologySpreadConstraints) .root -}}
{{- else if .root.Values.pod.topologySpread.enabled -}}
- maxSkew: {{ .root.Values.pod.topologySpread.maxSkew }}
  topologyKey: {{ .root.Values.pod.topologySpread.topologyKey }}
  whenUnsatisfiable: {{ .root.Values.pod.topologySpread.whenUnsatisfiable }}
  labelSelector:
    matchLabels:
      {{- include "studio.selectorLabels" . | nindent 6 }}
{{- end -}}
{{- end -}}

{{/*
A list from pod.<key> followed by deployables.<name>.<key> (extraEnv, extraEnvFrom, extraVolumes,
extraVolumeMounts, sidecars, initContainers), rendered through tpl; empty when both are. Arg: dict root d key.
*/}}
{{- define "studio.extraList" -}}
{{- $all := concat (get .root.Values.pod .key | default list) (get .d .key | default list) -}}
{{- if $all -}}
{{- tpl (toYaml $all) .root -}}
{{- end -}}
{{- end -}}

{{/* Names of the enabled deployables, as a YAML list (read with fromYamlArray). Arg: root. */}}
{{- define "studio.enabledNames" -}}
{{- $names := list -}}
{{- range $name, $d := .Values.deployables -}}
{{- if $d.enabled -}}{{- $names = append $names $name -}}{{- end -}}
{{- end -}}
{{- toYaml $names -}}
{{- end -}}

{{/* Pod selector matching every deployable's pods of this release (not the migrate jobs). Arg: root. */}}
{{- define "studio.appPodSelector" -}}
matchLabels:
  app.kubernetes.io/name: {{ include "studio.name" . }}
  app.kubernetes.io/instance: {{ .Release.Name }}
matchExpressions:
  - key: app.kubernetes.io/component
    operator: In
    values:
      {{- include "studio.enabledNames" . | nindent 6 }}
{{- end -}}

{{/*
NetworkPolicy ports of every internal/public deployable (what the deployables call on each other): their API and
gRPC ports, never an admin port (only networkPolicy.metricsFrom reaches those). Arg: root.
*/}}
{{- define "studio.appPorts" -}}
{{- $ports := list -}}
{{- range $name, $d := .Values.deployables -}}
{{- if and $d.enabled (ne $d.tier "worker") -}}
{{- range $portName, $port := $d.ports -}}
{{- if ne $portName "admin" -}}{{- $ports = append $ports (int $port) -}}{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- range $port := ($ports | uniq | sortAlpha) }}
- protocol: TCP
  port: {{ $port }}
{{- end }}
{{- end -}}

{{/* DNS egress rule. Arg: root. */}}
{{- define "studio.dnsEgress" -}}
- to:
    {{- toYaml .Values.networkPolicy.dns | nindent 4 }}
  ports:
    - { protocol: UDP, port: 53 }
    - { protocol: TCP, port: 53 }
{{- end -}}

{{/* Egress rules to named data stores. Arg: dict root stores. */}}
{{- define "studio.dataStoreEgress" -}}
{{- range $store := .stores }}
{{- $def := index $.root.Values.networkPolicy.dataStores $store | default dict }}
{{- if not $def.ports }}{{ fail (printf "networkPolicy.dataStores.%s is not defined" $store) }}{{ end }}
- ports:
    {{- range $port := $def.ports }}
    - { protocol: TCP, port: {{ $port }} }
    {{- end }}
  {{- with $def.to }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end }}
{{- end -}}

{{/* Secret-backed env: DATABASE_URL of the deployable's database, its secretEnv, its gRPC caller key. Arg: dict root name d. */}}
{{- define "studio.secretEnv" -}}
{{- if .d.database }}
{{- $db := index .root.Values.secrets.databases .d.database | default dict }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ required (printf "secrets.databases.%s.existingSecret is required" .d.database) $db.existingSecret }}
      key: {{ required (printf "secrets.databases.%s.key is required" .d.database) $db.key }}
{{- end }}
{{- range $var := .d.secretEnv }}
{{- $ref := index $.root.Values.secrets.env $var | default dict }}
- name: {{ $var }}
  valueFrom:
    secretKeyRef:
      name: {{ required (printf "secrets.env.%s.existingSecret is required (deployable %s)" $var $.name) $ref.existingSecret }}
      key: {{ required (printf "secrets.env.%s.key is required" $var) $ref.key }}
      {{- if $ref.optional }}
      optional: true
      {{- end }}
{{- end }}
{{- with .d.grpcCaller }}
{{- $key := index $.root.Values.secrets.serviceKeys . | default dict }}
- name: SERVICE_SIGNING_KEY
  valueFrom:
    secretKeyRef:
      name: {{ required (printf "secrets.serviceKeys.%s.existingSecret is required (deployable %s)" . $.name) $key.existingSecret }}
      key: {{ required (printf "secrets.serviceKeys.%s.key is required" .) $key.key }}
{{- end }}
{{- end -}}

{{/* Data of the shared ConfigMap <fullname>-config, rendered (values are templates). Arg: root. */}}
{{- define "studio.sharedConfigData" -}}
{{- range $key, $value := .Values.config }}
{{ $key }}: {{ tpl (toString $value) $ | quote }}
{{- end }}
{{- end -}}

{{/* Data of one deployable's own ConfigMap, rendered: bind host, ports, its env. Arg: dict root name d. */}}
{{- define "studio.componentConfigData" -}}
{{ .d.hostEnv }}: "0.0.0.0"
{{- range $portName, $var := .d.portEnv }}
{{ $var }}: {{ index $.d.ports $portName | toString | quote }}
{{- end }}
{{- range $key, $value := .d.env }}
{{ $key }}: {{ tpl (toString $value) $.root | quote }}
{{- end }}
{{- end -}}

{{/*
Pod template annotations that roll a deployable's pods when what they load at start changes. Arg: dict root name d.
- checksum/config: sha256 of the rendered data of the two ConfigMaps the pod loads (the shared one and its
  own), so a change to `config` rolls every deployable and a change to one deployable's env rolls that one.
- studio/secrets-revision: the chart only references Secrets created outside it, so Helm cannot hash their
  content; the operator bumps `secretsRevision` after rotating one and `helm upgrade` rolls every pod
  (or runs a reloader, see deploy/README.md).
*/}}
{{- define "studio.podRolloutAnnotations" -}}
checksum/config: {{ printf "%s\n---\n%s" (include "studio.sharedConfigData" .root) (include "studio.componentConfigData" .) | sha256sum }}
studio/secrets-revision: {{ toString .root.Values.secretsRevision | quote }}
{{- end -}}

{{/*
Refuses ports the processes would not be configured for: each port needs its env variable (and the reverse), the
admin port must be a port of its own (the ops endpoints never share the API's), and a gateway or internal service
needs its API port. Arg: dict root name d.
*/}}
{{- define "studio.checkPorts" -}}
{{- range $portName, $port := .d.ports -}}
{{- if not (hasKey $.d.portEnv $portName) -}}
{{- fail (printf "deployables.%s.portEnv.%s is required (the variable that sets ports.%s)" $.name $portName $portName) -}}
{{- end -}}
{{- if and (ne $portName "admin") (eq (int $port) (int $.d.ports.admin)) -}}
{{- fail (printf "deployables.%s.ports.admin (%v) must differ from ports.%s: /healthz, /readyz and /metrics are never served on the API port" $.name $.d.ports.admin $portName) -}}
{{- end -}}
{{- end -}}
{{- range $portName, $var := .d.portEnv -}}
{{- if not (hasKey $.d.ports $portName) -}}
{{- fail (printf "deployables.%s.portEnv.%s names no port (ports.%s is missing)" $.name $portName $portName) -}}
{{- end -}}
{{- end -}}
{{- if and (ne .d.tier "worker") (not (hasKey .d.ports "http")) -}}
{{- fail (printf "deployables.%s.ports.http is required (tier %s serves an API)" .name .d.tier) -}}
{{- end -}}
{{- end -}}

{{/* Refuses a grace period that would cut a graceful shutdown short. Arg: dict root name d. */}}
{{- define "studio.checkGrace" -}}
{{- $graceMs := int (.root.Values.config.SHUTDOWN_GRACE_MS | default "10000") -}}
{{- $extra := get .d "shutdownExtraSeconds" | default 0 -}}
{{- $needed := add (div $graceMs 1000) .root.Values.pod.preStopSleepSeconds $extra -}}
{{- if le (int .d.terminationGracePeriodSeconds) (int $needed) -}}
{{- fail (printf "deployables.%s.terminationGracePeriodSeconds (%v) must exceed SHUTDOWN_GRACE_MS/1000 + preStopSleepSeconds + shutdownExtraSeconds (%v)" .name .d.terminationGracePeriodSeconds $needed) -}}
{{- end -}}
{{- end -}}

{{/*
The origins of the signed photo URLs (the client portal's img-src): .Values.portalImageOrigins, else the public S3
endpoint's origin, with the bucket as a subdomain when the store is addressed virtual-hosted style.
*/}}
{{- define "studio.portalImageOrigins" -}}
{{- if .Values.portalImageOrigins -}}
{{- .Values.portalImageOrigins -}}
{{- else -}}
{{- $u := urlParse (.Values.config.S3_PUBLIC_ENDPOINT | default .Values.config.S3_ENDPOINT) -}}
{{- if eq (toString .Values.config.S3_FORCE_PATH_STYLE) "true" -}}
{{- printf "%s://%s" $u.scheme $u.host -}}
{{- else -}}
{{- printf "%s://%s.%s" $u.scheme .Values.config.S3_BUCKET $u.host -}}
{{- end -}}
{{- end -}}
{{- end -}}
