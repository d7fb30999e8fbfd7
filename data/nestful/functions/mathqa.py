# ibench's own implementations of the MathQA-derived NESTful functions used by the bundled rows,
# written from their specs in nestful_v2_sample50.jsonl (not NESTful's released code).
import math


def add(arg_0, arg_1):
    return arg_0 + arg_1


def subtract(arg_0, arg_1):
    return arg_0 - arg_1


def multiply(arg_0, arg_1):
    return arg_0 * arg_1


def divide(arg_0, arg_1):
    return arg_0 / arg_1


def power(arg_0, arg_1):
    return arg_0 ** arg_1


def floor(arg_0):
    return math.floor(arg_0)
