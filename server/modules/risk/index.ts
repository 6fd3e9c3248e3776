/** Risk and AML (docs/risk.md): rules as data on the outbox's events, alerts, compliance cases, withdrawal holds. */
export { createRisk, toEuros, type CaseChange, type Risk, type RiskDeps } from './service.ts';
export { RULES, ruleById, RULE_EVENTS, type Finding, type RuleContext, type RuleDefinition } from './rules.ts';
