// Load snippets of the forecasting libraries: time series (Chronos), weather (Anemoi) and vehicle energy (RouteE).

import { flat, lines, pyStr } from "../code/index.js";
import { template } from "../code/template.js";
import type { ModelRecord } from "../model.js";
import { LOCAL_DOWNLOAD_DIR } from "./common.js";

// A public monthly series small enough to forecast anywhere; the Chronos README uses it too.
const AIR_PASSENGERS_CSV =
  "https://raw.githubusercontent.com/AileenNielsen/TimeSeriesAnalysisWithPython/master/data/AirPassengers.csv";
const CHRONOS_PREDICTION_LENGTH = 12;
const CHRONOS_QUANTILES = "[0.1, 0.5, 0.9]";
// Chronos-2 checkpoints declare this architecture; they forecast data frames with covariates.
const CHRONOS_2_ARCHITECTURE = "Chronos2Model";

/** Whether the record is a Chronos-2 checkpoint rather than a Chronos / Chronos-Bolt one. */
function isChronos2(model: ModelRecord): boolean {
  const architectures = model.config?.architectures;
  return Array.isArray(architectures) && architectures.includes(CHRONOS_2_ARCHITECTURE);
}

// The model-independent parts of the Chronos snippet, built once.
const CHRONOS_HEAD = flat(
  lines(
    "# pip install -U chronos-forecasting",
    "import pandas as pd",
    "import torch",
    "from chronos import BaseChronosPipeline",
    "",
    "pipeline = BaseChronosPipeline.from_pretrained(",
  ),
);
const CHRONOS_LOAD_TAIL = flat(
  lines(
    `    device_map="cuda",  # or "cpu", "mps"`,
    "    torch_dtype=torch.bfloat16,",
    ")",
    "",
    `df = pd.read_csv(${pyStr(AIR_PASSENGERS_CSV)})`,
  ),
);
const CHRONOS_2_FORECAST = flat(
  lines(
    "context_df = pd.DataFrame(",
    `    {"id": "air_passengers", "timestamp": pd.to_datetime(df["Month"]), "target": df["#Passengers"]}`,
    ")",
    "pred_df = pipeline.predict_df(",
    "    context_df,",
    `    prediction_length=${CHRONOS_PREDICTION_LENGTH},`,
    `    quantile_levels=${CHRONOS_QUANTILES},`,
    `    id_column="id",`,
    `    timestamp_column="timestamp",`,
    `    target="target",`,
    ")",
    "print(pred_df.head())",
  ),
);
const CHRONOS_TENSOR_FORECAST = flat(
  lines(
    "quantiles, mean = pipeline.predict_quantiles(",
    `    torch.tensor(df["#Passengers"]),`,
    `    prediction_length=${CHRONOS_PREDICTION_LENGTH},`,
    `    quantile_levels=${CHRONOS_QUANTILES},`,
    ")",
    "print(mean)",
  ),
);

const CHRONOS_FORECASTING_CODE = template((id, forecast) =>
  lines(CHRONOS_HEAD, `    ${id},`, CHRONOS_LOAD_TAIL, `${forecast}`),
);

/**
 * Chronos: a probabilistic forecast of a public monthly series. Chronos-2 takes a long-format data frame;
 * earlier Chronos and Chronos-Bolt models take the series as a tensor and return quantiles.
 */
export function chronosForecasting(model: ModelRecord): string[] {
  const forecast = isChronos2(model) ? CHRONOS_2_FORECAST : CHRONOS_TENSOR_FORECAST;
  return [CHRONOS_FORECASTING_CODE(pyStr(model.id), forecast)];
}

// Hours ahead of the initial state; AIFS-style models step 6 hours at a time.
const ANEMOI_LEAD_TIME_HOURS = 12;

const ANEMOI_CODE = template((id) =>
  lines(
    `# pip install -U "anemoi-inference[huggingface]"`,
    "from anemoi.inference.runners.simple import SimpleRunner",
    "",
    `checkpoint = {"huggingface": ${id}}`,
    `runner = SimpleRunner(checkpoint, device="cuda")`,
    "",
    "# input_state is the initial condition: a dict with the valid date, latitudes, longitudes and one",
    "# numpy array per input field the checkpoint was trained on (see the model card).",
    `for state in runner.run(input_state=input_state, lead_time=${ANEMOI_LEAD_TIME_HOURS}):`,
    `    print(state["date"], list(state["fields"]))`,
  ),
);

/** Anemoi: a runner built on the checkpoint the inference package downloads from the hub by repository id. */
export function anemoi(model: ModelRecord): string[] {
  return [ANEMOI_CODE(pyStr(model.id))];
}

const ROUTEE_POWERTRAIN_CODE = template((id) =>
  lines(
    "# pip install -U routee.powertrain huggingface_hub",
    "import os",
    "",
    "import routee.powertrain as pt",
    "from huggingface_hub import snapshot_download",
    "",
    "# The repository is laid out as a RouteE registry; point the local registry backend at it.",
    `os.environ["ROUTEE_REGISTRY_BACKEND"] = "local"`,
    `local_dir = snapshot_download(${id}, local_dir=${pyStr(LOCAL_DOWNLOAD_DIR)})`,
    `os.environ["ROUTEE_LOCAL_REGISTRY_ROOT"] = local_dir`,
    "",
    "print(pt.list_available_models())",
    `# model = pt.load_model("<make>/<model>/<year>/<config_slug>") loads one of them; then`,
    "# model.predict(links_df) predicts energy for road links (distance_mi, speed_mph, grade_pct columns).",
  ),
);

/** RouteE Powertrain: the repository downloaded and used as a local model registry, then queried. */
export function routeePowertrain(model: ModelRecord): string[] {
  return [ROUTEE_POWERTRAIN_CODE(pyStr(model.id))];
}
