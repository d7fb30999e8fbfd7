package dev.ibench.bench;

import io.temporal.api.enums.v1.EventType;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.common.WorkflowExecutionHistory;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a campaign's time goes, read from its event histories: per activity type the mean wait in the task
 * queue (scheduled to started) and the mean run time (started to completed), and the same for workflow tasks.
 */
final class HistoryTimings {
    private final Map<String, double[]> sums = new TreeMap<>(); // name -> {count, total ms}
    /** Epoch ms of the first CallModelBatch start and the last CallModelBatch completion over all runs. */
    private long firstCallStart = Long.MAX_VALUE;
    private long lastCallEnd = Long.MIN_VALUE;
    /** Epoch ms of the first time each step of a campaign's start happened ("CampaignWorkflow started", "PlanCampaign completed", ...). */
    private final Map<String, Long> firstTimes = new HashMap<>();

    void add(WorkflowExecutionHistory history) {
        Map<Long, HistoryEvent> scheduled = new HashMap<>();
        Map<Long, HistoryEvent> started = new HashMap<>();
        for (HistoryEvent e : history.getEvents()) {
            EventType type = e.getEventType();
            firstTime(e, scheduled);
            if (type == EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED || type == EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED) {
                scheduled.put(e.getEventId(), e);
            } else if (type == EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED) {
                long s = e.getActivityTaskStartedEventAttributes().getScheduledEventId();
                started.put(s, e);
                String name = activityName(scheduled, s);
                record(name + " queue wait", scheduled.get(s), e);
                if (name.equals("CallModelBatch")) {
                    firstCallStart = Math.min(firstCallStart, millis(e));
                }
            } else if (type == EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED) {
                long s = e.getActivityTaskCompletedEventAttributes().getScheduledEventId();
                String name = activityName(scheduled, s);
                record(name + " run", started.get(s), e);
                if (name.equals("CallModelBatch")) {
                    lastCallEnd = Math.max(lastCallEnd, millis(e));
                }
            } else if (type == EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED) {
                long s = e.getWorkflowTaskStartedEventAttributes().getScheduledEventId();
                started.put(s, e);
                record("workflow task queue wait", scheduled.get(s), e);
            } else if (type == EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED) {
                record("workflow task run", started.get(e.getWorkflowTaskCompletedEventAttributes().getScheduledEventId()), e);
            }
        }
    }

    /** Records the first workflow start of each type and the first scheduling, start and completion of each activity type. */
    private void firstTime(HistoryEvent e, Map<Long, HistoryEvent> scheduled) {
        String step = switch (e.getEventType()) {
            case EVENT_TYPE_WORKFLOW_EXECUTION_STARTED ->
                    e.getWorkflowExecutionStartedEventAttributes().getWorkflowType().getName() + " started";
            case EVENT_TYPE_ACTIVITY_TASK_SCHEDULED ->
                    e.getActivityTaskScheduledEventAttributes().getActivityType().getName() + " scheduled";
            case EVENT_TYPE_ACTIVITY_TASK_STARTED -> activityName(scheduled, e.getActivityTaskStartedEventAttributes().getScheduledEventId()) + " started";
            case EVENT_TYPE_ACTIVITY_TASK_COMPLETED -> activityName(scheduled, e.getActivityTaskCompletedEventAttributes().getScheduledEventId()) + " completed";
            default -> null;
        };
        if (step != null) {
            firstTimes.merge(step, millis(e), Math::min);
        }
    }

    private static String activityName(Map<Long, HistoryEvent> scheduled, long scheduledEventId) {
        HistoryEvent s = scheduled.get(scheduledEventId);
        return s == null ? "?" : s.getActivityTaskScheduledEventAttributes().getActivityType().getName();
    }

    /** The first times of the campaign's start steps up to the first model-call batch's start, in ms after {@code originMillis}, in time order. */
    Map<String, Long> startPath(long originMillis) {
        long firstCall = firstTimes.getOrDefault("CallModelBatch started", Long.MAX_VALUE);
        Map<String, Long> path = new LinkedHashMap<>();
        firstTimes.entrySet().stream().filter(t -> t.getValue() <= firstCall).sorted(Map.Entry.comparingByValue())
                .forEach(t -> path.put(t.getKey(), t.getValue() - originMillis));
        return path;
    }

    private static long millis(HistoryEvent e) {
        return e.getEventTime().getSeconds() * 1000 + e.getEventTime().getNanos() / 1_000_000;
    }

    long firstCallStartMillis() {
        return firstCallStart;
    }

    long lastCallEndMillis() {
        return lastCallEnd;
    }

    /** Milliseconds from the first model-call batch's start to the last one's completion (-1 without batches). */
    long callSpanMillis() {
        return firstCallStart == Long.MAX_VALUE ? -1 : lastCallEnd - firstCallStart;
    }

    private void record(String name, HistoryEvent from, HistoryEvent to) {
        if (from == null || to == null) {
            return; // a task started before this run's history (continued as new) has no pair
        }
        double ms = (to.getEventTime().getSeconds() - from.getEventTime().getSeconds()) * 1000.0
                + (to.getEventTime().getNanos() - from.getEventTime().getNanos()) / 1e6;
        double[] sum = sums.computeIfAbsent(name, k -> new double[2]);
        sum[0]++;
        sum[1] += ms;
    }

    /** name -> {"count": n, "mean_ms": m}. */
    Map<String, Map<String, Object>> summary() {
        Map<String, Map<String, Object>> out = new LinkedHashMap<>();
        sums.forEach((name, s) -> {
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("count", (long) s[0]);
            v.put("mean_ms", Math.round(s[1] / s[0] * 100) / 100.0);
            out.put(name, v);
        });
        return out;
    }
}
