import { pino } from "pino";
import { config } from "./config.server";
import { singleton } from "./utils/singleton.server";

export const logger = singleton("logger", () => pino({ level: config.LOG_LEVEL }));
