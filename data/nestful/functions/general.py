# ibench's own implementations of the StarCoder2-derived NESTful functions used by the bundled rows,
# written from their specs in nestful_v2_sample50.jsonl (not NESTful's released code). Where a spec leaves a
# choice open, the choice that the row's gold answer implies is taken.
import base64
import random
import re
import string


def generate_integer_string(integer):
    return "%+d" % integer


def altered_string(s):
    if len(s) < 3:
        return s
    rest = "".join(c.upper() if i % 2 else c.lower() for i, c in enumerate(s[3:]))
    return s[:3] + rest


def rand_string(n):
    return "".join(random.choice(string.ascii_letters + string.digits) for _ in range(n))


def count_upper(string):
    return sum(1 for c in str(string) if c.isupper())


def random_ints(n=10):
    return [random.randint(0, 99) for _ in range(n)]


def sequence_handling(sequence):
    return (list(sequence)[:8] + [0] * 8)[:8]


def int_div(a, b):
    if b == 0:
        return "Error: division by zero"
    return a // b


def add_one_if_int(x):
    if isinstance(x, int) and not isinstance(x, bool):
        return x + 1
    print("Error: not an integer")
    return None


def get_next_permutation(nums):
    nums = list(nums)
    i = len(nums) - 2
    while i >= 0 and nums[i] >= nums[i + 1]:
        i -= 1
    if i < 0:
        return sorted(nums)
    j = len(nums) - 1
    while nums[j] <= nums[i]:
        j -= 1
    nums[i], nums[j] = nums[j], nums[i]
    nums[i + 1:] = reversed(nums[i + 1:])
    return nums


def double_list(lst):
    return [x * 2 for x in lst]


def remove_non_letters(input_string):
    return [part for part in re.split(r"[^A-Za-z0-9]+", input_string) if part]


def consonants_only(text):
    return "".join(c for c in text if c.lower() not in "aeiou")


def chunked(string, chunk_size):
    return [string[i:i + chunk_size] for i in range(0, len(string), chunk_size)]


def join_with_spaces(parameters):
    return " ".join(parameters)


def generate_bit_patterns(n):
    return [format(i, "0%db" % n) for i in range(2 ** n)]


def concatenate_one_by_one(string):
    result = ""
    for part in string:
        result += part
    return result


def percentage_to_decimal(percentage):
    return percentage / 100


def multiply_by_2(x):
    return x * 2


def camel_case_to_underscore(s):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", s).lower()


def contains_value(lst, value):
    return lst.index(value) if value in lst else -1


def add_previous(lst):
    return [lst[i] + lst[i - 1] for i in range(1, len(lst))]


def perform_operation(numbers):
    return [x * 2 for x in numbers]


def count_a_words(sentence):
    return sum(1 for word in sentence.split() if word.lower().startswith("a"))


def generic_to_binary_string(value):
    if isinstance(value, str):
        value = int(value)
    return format(value, "08b")


def replace_with_target(src_list, target, replacement):
    if target not in src_list:
        return []
    return [replacement if x == target else x for x in src_list]


def group_zeros_and_ones(input_list):
    if any(x not in (0, 1) for x in input_list):
        return list(input_list)
    return [x for x in input_list if x == 0] + [x for x in input_list if x == 1]


def simplify_string_replace(string, given_letter, replacement_letter):
    if given_letter not in string:
        return string
    return string.replace(given_letter, replacement_letter)


def is_hashable(obj):
    try:
        hash(obj)
        return True
    except TypeError:
        return False


def convert_to_lowercase_except_after_single_quote(input_string):
    out = []
    for i, c in enumerate(input_string):
        out.append(c if i > 0 and input_string[i - 1] == "'" else c.lower())
    return "".join(out)


def generate_authenticate_command(username, password):
    encode = lambda s: base64.b64encode(s.encode("utf-8")).decode("ascii")
    return "AUTHENTICATE PLAIN 00" + encode(username) + "00" + encode(password)


def parse_range_str(range_str):
    start, end = range_str.split("-")
    return list(range(int(start), int(end) + 1))


def check_two_arrays(a, b):
    return len(a) == len(b) and all(x >= y for x, y in zip(a, b))


def compute_time_bucket(timestamp, bucket_size):
    return timestamp // bucket_size


def classify(x):
    if x > 100:
        return "excellent: %f" % x
    if x > 50:
        return "good: %f" % x
    return "poor: %f" % x


def gen_random_str_with_lower_case(n):
    return "".join(random.choice(string.ascii_lowercase) for _ in range(n))


def add_commas_to_string(s):
    return "," + ",".join(s.split()) + ","


def my_int(string_num):
    value = 0
    for c in string_num:
        value = value * 10 + (ord(c) - ord("0"))
    return value


def divide_without_div_operator(dividend, divisor):
    quotient = 0
    remainder = dividend
    while remainder >= divisor:
        remainder -= divisor
        quotient += 1
    return quotient, remainder


def clean_column_names(column_name):
    return re.sub(r"[^0-9a-zA-Z]", "", column_name).lower()


def count_differences(str1, str2):
    if len(str1) != len(str2):
        return -1
    return sum(1 for a, b in zip(str1, str2) if a != b)


def floor_division(a, b):
    return a // b


def sum_even_fibonacci_numbers(n):
    a, b, total = 1, 1, 0
    for _ in range(2 * n):
        if a % 2 == 0:
            total += a
        a, b = b, a + b
    return total


def convert_arch(arch):
    return {"x86_64": "amd64", "aarch64": "arm64", "i386": "i386", "i686": "i386", "armv7l": "armhf"}.get(arch, arch)


def ends_with_suffix(string, suffix):
    return string.endswith(suffix)


def clean_values(values):
    out = []
    for v in values:
        try:
            out.append(int(v))
        except (TypeError, ValueError):
            pass
    return out


def filter_integers(values):
    return [v for v in values if v > 10 and v % 3 == 0]


def calculate_resolution(width, height, pixels):
    ratio = pixels // (width * height)
    return "%dx%d" % (ratio, ratio)


def replace_apple_with_orange(text):
    return re.sub(r"apple", "orange", text)


def parse_size(size_str):
    width, height = size_str.split("x")
    return int(width), int(height)


def vector_multiplication(vector_a, vector_b):
    return sum(a * b for a, b in zip(vector_a, vector_b))


def encode_32bit_int(value):
    return bytearray([(value >> (8 * i)) & 0xFF for i in range(5)])


def bytes_to_binary(byte_list):
    return "".join(format(b, "08b") for b in byte_list)


def convert_to_url_slug(text):
    return re.sub(r"[^A-Za-z0-9-]", "", text.strip().replace(" ", "-"))


def generate_numpy_boilerplate(name, dtype, shape):
    return "import numpy as np\n%s = np.ndarray(shape=%s, dtype=%s)" % (name, shape, dtype)


def cyclic_shifts(string):
    return [string[i:] + string[:i] for i in range(len(string))]


def prefix_checker(input_string, string_list):
    return any(s.startswith(input_string) for s in string_list)


def generate_frequency_table(nums):
    table = {}
    for n in nums:
        table[n] = table.get(n, 0) + 1
    return table


def top_three(numbers):
    return sorted(numbers, reverse=True)[:3]
